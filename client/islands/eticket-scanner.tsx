import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { apiFetch } from '../api';
import { useI18n, type Translate } from '../i18n';
import { defineIsland } from '../island';
import type { Lang } from '../../worker/rules/lang';
import { ETICKET_PREFIX, ETICKET_TOKEN_MAX, festivalTime, fromBase64url, importETicketPublicKey, normalizeShortCode, verifyETicket, type ETicketClaims } from '../../worker/rules/eticket';

/** A show the door can admit, its start already in Morocco's time and the page's language. */
export type DoorShowOption = { id: number; title: string; venue: string; day: string; time: string };
type Props = { publicKey: string; staff: string; shows: DoorShowOption[]; defaultShow: number | null };

/** What was scanned, at the door of which show: a token (checked offline first) or a typed short code (checked online only). */
type Scanned = { token: string } | { code: string };
type Scan = Scanned & { show: number };
/** A scan kept while offline (localStorage), sent when the network is back (one queued by an older page names no show). */
type Queued = { id: string; body: Scanned & { show?: number }; at: string; label: string };

type Ticket = { holder: string; show_title: string; show_starts_at: string; type_name: string; code: string };
/** One result panel: ok (green), bad (red), wait (amber: genuine, being marked or queued). */
type Result = { id: string; tone: 'ok' | 'bad' | 'wait'; heading: string; detail: string; ticket: Ticket | null; queued?: boolean };

const QUEUE_KEY = 'tafrij.eticket-scans';

function readQueue(): Queued[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((q): q is Queued => typeof q?.id === 'string' && typeof q?.body === 'object' && q.body !== null) : [];
  } catch {
    return [];
  }
}
const writeQueue = (queue: Queued[]) => localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));

const ticketOf = (value: unknown): Ticket | null => {
  const t = (value as { ticket?: Partial<Ticket> | null } | null)?.ticket;
  return t && typeof t.holder === 'string' ? { holder: t.holder, show_title: t.show_title ?? '', show_starts_at: t.show_starts_at ?? '', type_name: t.type_name ?? '', code: t.code ?? '' } : null;
};

/**
 * The API's answer to a scan, as a panel (translated; ETICKET_USED with the first use in Morocco's
 * time, ETICKET_OTHER_SHOW with the show and start the ticket is for).
 */
function resultOf(id: string, status: number, body: unknown, t: Translate, lang: Lang): Result {
  const ticket = ticketOf(body);
  if (status === 200) return { id, tone: 'ok', heading: t('SCAN_ACCEPTED'), detail: '', ticket };
  const message = String((body as { message?: unknown } | null)?.message ?? '');
  const code = message.split(':')[0]?.trim() ?? '';
  const usedAt = (body as { used_at?: unknown } | null)?.used_at;
  if (code === 'ETICKET_USED' && typeof usedAt === 'string') return { id, tone: 'bad', heading: t('ETICKET_USED_AT', festivalTime(usedAt, lang)), detail: '', ticket };
  if (code === 'ETICKET_OTHER_SHOW' && ticket?.show_starts_at) return { id, tone: 'bad', heading: t('ETICKET_OTHER_SHOW_AT', { show: ticket.show_title, ...festivalTime(ticket.show_starts_at, lang) }), detail: '', ticket };
  const text = code ? t(code) : '';
  return { id, tone: 'bad', heading: text && text !== code ? text : t('ERROR_DEFAULT'), detail: '', ticket };
}

/** POST /events/etickets/scan; null when the network failed (the scan is then queued). */
async function send(body: Scan, lang: Lang): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await apiFetch(`/events/etickets/scan?lang=${lang}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return null;
  }
}

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;
const barcodeDetector = (): DetectorClass | null => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null;

/**
 * The door scanner (issue 17: "a scanner page for venue staff (camera or typed code) checks the
 * signature offline with the public key and marks the ticket used online"). A scanned or pasted
 * token's Ed25519 signature is checked here, with the public key of the page's props: "not
 * genuine" at once, else it is marked used online (POST /events/etickets/scan). Without network,
 * genuine tokens and typed codes wait in localStorage and are sent when the browser is back
 * online, each result shown. The camera reads QR codes with the browser's BarcodeDetector where
 * there is one (Chromium on Android, macOS); elsewhere staff type the code printed under the QR code.
 */
export default function ETicketScanner({ publicKey, staff, shows, defaultShow }: Props) {
  const { t, lang } = useI18n();
  const [door, setDoor] = useState<number | null>(defaultShow ?? shows[0]?.id ?? null);
  const [text, setText] = useState('');
  const showText = (s: Props['shows'][number] | undefined) => (s ? t('SCAN_SHOW_OPTION', { show: s.title, day: s.day, time: s.time, venue: s.venue }) : '');
  const [current, setCurrent] = useState<Result | null>(null);
  const [history, setHistory] = useState<Result[]>([]);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [camera, setCamera] = useState<'off' | 'on' | 'unsupported' | 'denied'>('off');
  const key = useRef<Promise<CryptoKey | null> | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const lastRead = useRef<{ value: string; at: number }>({ value: '', at: 0 });
  const flushing = useRef(false);

  const show = useCallback((result: Result) => {
    setCurrent(result);
    setHistory((list) => [result, ...list.filter((r) => r.id !== result.id)].slice(0, 8));
  }, []);

  const enqueue = useCallback((item: Queued) => {
    const next = [...readQueue(), item];
    writeQueue(next);
    setQueue(next);
  }, []);

  /** Sends the queued scans, oldest first; each answered one leaves the queue and shows its result. */
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      for (const item of readQueue()) {
        // A scan queued before scans named their show is for the show chosen now.
        const answer = await send({ ...item.body, show: item.body.show ?? door ?? 0 }, lang);
        if (!answer) break;
        writeQueue(readQueue().filter((q) => q.id !== item.id));
        show({ ...resultOf(item.id, answer.status, answer.body, t, lang), queued: true, detail: t('SCAN_SENT_LATER', { label: item.label }) });
      }
    } finally {
      setQueue(readQueue());
      flushing.current = false;
    }
  }, [door, lang, show, t]);

  useEffect(() => {
    setQueue(readQueue());
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const check = useCallback(
    async (input: string) => {
      const value = input.trim();
      if (!value || door === null) return;
      const id = crypto.randomUUID();
      let body: Scan;
      let claims: ETicketClaims | null = null;
      if (value.startsWith(`${ETICKET_PREFIX}.`)) {
        key.current ??= importETicketPublicKey(fromBase64url(publicKey) ?? new Uint8Array());
        const verifier = await key.current;
        claims = verifier ? await verifyETicket(value.slice(0, ETICKET_TOKEN_MAX + 1), verifier) : null;
        if (!claims) return show({ id, tone: 'bad', heading: t('ETICKET_FORGED'), detail: '', ticket: null });
        if (claims.s !== door && navigator.onLine === false) {
          // Offline, a ticket of another show is refused at once (online, the API names its show and date).
          const other = shows.find((s) => s.id === claims?.s);
          const heading = other ? t('ETICKET_OTHER_SHOW_AT', { show: other.title, day: other.day, time: other.time }) : t('ETICKET_OTHER_SHOW');
          return show({ id, tone: 'bad', heading, detail: claims.h, ticket: null });
        }
        body = { token: value, show: door };
      } else {
        const code = normalizeShortCode(value);
        if (!code) return show({ id, tone: 'bad', heading: t('ETICKET_FORGED'), detail: t('SCAN_CODE_HINT'), ticket: null });
        body = { code, show: door };
      }
      const label = claims ? claims.h : value.toUpperCase();
      show({ id, tone: 'wait', heading: claims ? t('SCAN_GENUINE_CHECKING') : t('SCAN_CODE_CHECKING'), detail: label, ticket: null });
      const answer = navigator.onLine === false ? null : await send(body, lang);
      if (answer) return show(resultOf(id, answer.status, answer.body, t, lang));
      enqueue({ id, body, at: new Date().toISOString(), label });
      show({ id, tone: 'wait', heading: claims ? t('SCAN_QUEUED') : t('SCAN_CODE_QUEUED'), detail: label, ticket: null, queued: true });
    },
    [door, enqueue, lang, publicKey, show, shows, t],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(text);
    setText('');
  };

  const stopCamera = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setCamera('off');
  }, []);

  const startCamera = async () => {
    const Barcode = barcodeDetector();
    if (!Barcode || !navigator.mediaDevices?.getUserMedia) return setCamera('unsupported');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch {
      return setCamera('denied');
    }
    setCamera('on');
  };

  // While the camera is on: attach it, and read QR codes a few times a second (the same code again only after 3 s).
  useEffect(() => {
    const el = video.current;
    const Barcode = barcodeDetector();
    if (camera !== 'on' || !el || !stream.current || !Barcode) return;
    el.srcObject = stream.current;
    void el.play().catch(() => undefined);
    const detector = new Barcode({ formats: ['qr_code'] });
    let busy = false;
    const timer = setInterval(() => {
      if (busy || el.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      busy = true;
      detector
        .detect(el)
        .then((codes) => {
          const value = codes[0]?.rawValue ?? '';
          const now = Date.now();
          if (!value || (value === lastRead.current.value && now - lastRead.current.at < 3000)) return;
          lastRead.current = { value, at: now };
          void check(value);
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, 250);
    return () => clearInterval(timer);
  }, [camera, check]);

  useEffect(() => stopCamera, [stopCamera]);

  return (
    <div className="scanner">
      <p className="scanner__staff">{t('SCAN_STAFF_AS', { staff })}</p>
      <div className="scanner__door">
        <label className="field__label" htmlFor="scan-show">
          {t('SCAN_SHOW_LABEL')}
        </label>
        {shows.length > 0 ? (
          <>
            <select id="scan-show" name="show" className="field__input scanner__show" value={door ?? ''} aria-describedby="scan-show-chosen" onChange={(e) => setDoor(Number(e.target.value))}>
              {shows.map((s) => (
                <option key={s.id} value={s.id}>
                  {showText(s)}
                </option>
              ))}
            </select>
            {/* A closed select shows one line, cut on a phone: the chosen show in full, wrapped. */}
            <p className="scanner__chosen" id="scan-show-chosen">
              {showText(shows.find((s) => s.id === door) ?? shows[0])}
            </p>
          </>
        ) : (
          <p className="scanner__note" id="scan-show">
            {t('SCAN_NO_SHOWS')}
          </p>
        )}
      </div>
      {door !== null && (
      <>
      <div className="scanner__camera">
        {camera === 'on' ? (
          <>
            <video ref={video} className="scanner__video" muted playsInline aria-label={t('SCAN_CAMERA_START')} />
            <button type="button" className="button button--secondary" onClick={stopCamera}>
              {t('SCAN_CAMERA_STOP')}
            </button>
          </>
        ) : (
          <button type="button" className="button button--secondary button--large" onClick={() => void startCamera()}>
            {t('SCAN_CAMERA_START')}
          </button>
        )}
        {camera === 'unsupported' && <p className="scanner__note">{t('SCAN_CAMERA_UNSUPPORTED')}</p>}
        {camera === 'denied' && <p className="scanner__note">{t('SCAN_CAMERA_DENIED')}</p>}
      </div>
      <form className="scanner__form" onSubmit={submit}>
        <label className="field__label" htmlFor="scan-code">
          {t('SCAN_CODE_LABEL')}
        </label>
        <div className="scanner__row">
          <input
            id="scan-code"
            name="code"
            className="field__input scanner__input"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={ETICKET_TOKEN_MAX}
            dir="ltr"
            aria-describedby="scan-code-hint"
            required
          />
          <button type="submit" className="button button--primary button--large">
            {t('SCAN_CHECK')}
          </button>
        </div>
        <p id="scan-code-hint" className="field__hint">
          {t('SCAN_CODE_HINT')}
        </p>
      </form>
      </>
      )}
      <div className="scanner__live" aria-live="assertive" aria-atomic="true">
        {current && <ResultPanel result={current} big />}
      </div>
      {queue.length > 0 && (
        <p className="scanner__queue" role="status">
          {t('SCAN_QUEUE_WAITING', { count: queue.length })}
        </p>
      )}
      {history.length > 1 && (
        <section className="scanner__history" aria-labelledby="scan-history">
          <h2 id="scan-history">{t('SCAN_HISTORY')}</h2>
          <ul>
            {history.slice(1).map((r) => (
              <li key={r.id}>
                <ResultPanel result={r} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ResultPanel({ result, big = false }: { result: Result; big?: boolean }) {
  const { t } = useI18n();
  const icon = result.tone === 'ok' ? '✓' : result.tone === 'bad' ? '✕' : '…';
  return (
    <div className={`scan-result scan-result--${result.tone}${big ? ' scan-result--big' : ''}`} data-tone={result.tone}>
      <span className="scan-result__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="scan-result__body">
        <p className="scan-result__heading">{result.heading}</p>
        {result.ticket && (
          <dl className="scan-result__ticket">
            <dt>{t('SCAN_HOLDER')}</dt>
            <dd>{result.ticket.holder}</dd>
            <dt>{t('SCAN_SHOW')}</dt>
            <dd>{result.ticket.show_title}</dd>
            <dt>{t('SCAN_TYPE')}</dt>
            <dd>
              {result.ticket.type_name}{' '}
              <bdi dir="ltr" className="scan-result__code">
                {result.ticket.code}
              </bdi>
            </dd>
          </dl>
        )}
        {result.detail && <p className="scan-result__detail">{result.detail}</p>}
      </div>
    </div>
  );
}

export const ETicketScannerIsland = defineIsland('eticket-scanner', ETicketScanner, 'load');
