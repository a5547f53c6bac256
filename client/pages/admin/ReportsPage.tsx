import type { ReactNode } from 'react';
import type { AdsReport, ChurnReport, EventsReport, LibrariesReport, RevenueGroup, RevenueReport, SubscribersReport, TrialsReport } from '../../../worker/api/reports/schemas';
import { formatMoney } from '../../../worker/rules/money';
import type { Granularity } from '../../../worker/rules/reports';
import { CURRENCIES, type Currency } from '../../../worker/rules/subscription';
import { BarChart } from '../../components/charts/BarChart';
import { LineChart } from '../../components/charts/LineChart';
import { bucketLabel, formatValue, type ChartUnit } from '../../components/charts/format';
import { Field } from '../../components/Form';
import { formatDate, formatNumber, useI18n } from '../../i18n';
import { ConsoleTable } from './ConsoleTable';

/** The period and filters of the reports page, as its form (method=get) sends them. */
export type ReportsFilter = { from: string; to: string; granularity: Granularity; currency: Currency | ''; by: RevenueGroup };

/** A report as loaded for the page: its answer, or the translation key of why it could not be read. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; key: string };

export type ReportsData = {
  filter: ReportsFilter;
  /** The filter as a query string (the CSV links carry it). */
  query: string;
  revenue: Loaded<RevenueReport>;
  subscribers: Loaded<SubscribersReport>;
  trials: Loaded<TrialsReport>;
  churn: Loaded<ChurnReport>;
  ads: Loaded<AdsReport>;
  libraries: Loaded<LibrariesReport>;
  events: Loaded<EventsReport>;
};

const SECTIONS = ['revenue', 'subscribers', 'trials', 'churn', 'ads', 'libraries', 'events'] as const;
type Section = (typeof SECTIONS)[number];
const TITLES: Record<Section, string> = {
  revenue: 'ADMIN_REPORTS_REVENUE',
  subscribers: 'ADMIN_REPORTS_SUBSCRIBERS',
  trials: 'ADMIN_REPORTS_TRIALS',
  churn: 'ADMIN_REPORTS_CHURN',
  ads: 'ADMIN_REPORTS_ADS',
  libraries: 'ADMIN_REPORTS_LIBRARIES',
  events: 'ADMIN_REPORTS_EVENTS',
};
const GROUP_COLUMNS: Record<RevenueGroup, string> = {
  total: 'ADMIN_REPORTS_SPLIT_TOTAL',
  method: 'ADMIN_REPORTS_COLUMN_METHOD',
  provider: 'ADMIN_REPORTS_COLUMN_PROVIDER',
  plan: 'ADMIN_REPORTS_COLUMN_PLAN',
};
const COUNT: ChartUnit = { kind: 'count' };
const RATIO: ChartUnit = { kind: 'ratio' };

/** Numbers and amounts kept left to right inside Arabic text. */
const Ltr = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;

/**
 * The back office's reports (issue 32) on one page: a period and filters, then each report with its
 * chart (server-rendered SVG, its figures in a table for screen readers), a table of its detail and
 * its CSV file. Each currency has its own charts and columns: MAD, EUR and USD are never added.
 */
export function ReportsPage({ data }: { data: ReportsData }) {
  const { t } = useI18n();
  const { filter, query } = data;
  const csv = (report: string) => `/admin/reports/${report}.csv?${query}`;
  return (
    <section aria-labelledby="reports-title" className="console__reports">
      <h1 id="reports-title">{t('ADMIN_REPORTS_TITLE')}</h1>
      <form method="get" action="/admin/reports" className="console__filters" role="search" aria-label={t('ADMIN_REPORTS_PERIOD')}>
        <Field name="from" label={t('ADMIN_REPORTS_FROM')} type="date" defaultValue={filter.from} required />
        <Field name="to" label={t('ADMIN_REPORTS_TO')} type="date" defaultValue={filter.to} required />
        <Select name="granularity" label={t('ADMIN_REPORTS_GRANULARITY')} value={filter.granularity} options={(['day', 'week', 'month'] as const).map((g) => [g, t(`ADMIN_REPORTS_GRANULARITY_${g.toUpperCase()}`)])} />
        <Select name="currency" label={t('ADMIN_REPORTS_COLUMN_CURRENCY')} value={filter.currency} options={[['', t('ADMIN_REPORTS_ALL_CURRENCIES')], ...CURRENCIES.map((c) => [c, c] as [string, string])]} />
        <Select name="by" label={t('ADMIN_REPORTS_SPLIT_BY')} value={filter.by} options={(['total', 'method', 'plan', 'provider'] as const).map((g) => [g, t(GROUP_COLUMNS[g])])} />
        <button className="button button--secondary" type="submit">
          {t('ADMIN_REPORTS_SHOW')}
        </button>
      </form>
      <p className="console__reports-note">{t('ADMIN_REPORTS_NEVER_SUMMED')}</p>
      <nav className="console__reports-toc" aria-label={t('ADMIN_REPORTS_CONTENTS')}>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s}>
              <a href={`#report-${s}`}>{t(TITLES[s])}</a>
            </li>
          ))}
        </ul>
      </nav>
      <Report id="revenue" csv={csv('revenue')} loaded={data.revenue}>
        {(r) => <Revenue report={r} />}
      </Report>
      <Report id="subscribers" csv={csv('subscribers')} loaded={data.subscribers} more={{ href: csv('mrr'), label: 'ADMIN_REPORTS_MRR_CSV' }}>
        {(r) => <Subscribers report={r} currency={filter.currency} />}
      </Report>
      <Report id="trials" csv={csv('trials')} loaded={data.trials}>
        {(r) => <Trials report={r} />}
      </Report>
      <Report id="churn" csv={csv('churn')} loaded={data.churn}>
        {(r) => <Churn report={r} />}
      </Report>
      <Report id="ads" csv={csv('ads')} loaded={data.ads}>
        {(r) => <Ads report={r} />}
      </Report>
      <Report id="libraries" csv={csv('libraries')} loaded={data.libraries}>
        {(r) => <Libraries report={r} />}
      </Report>
      <Report id="events" csv={csv('events')} loaded={data.events}>
        {(r) => <Events report={r} currency={filter.currency} />}
      </Report>
    </section>
  );
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: readonly (readonly [string, string])[] }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`filter-${name}`}>
        {label}
      </label>
      <select className="field__input" id={`filter-${name}`} name={name} defaultValue={value}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One report's section: its heading, its CSV link(s), then its content or why it could not be read. */
function Report<T>({ id, csv, loaded, more, children }: { id: Section; csv: string; loaded: Loaded<T>; more?: { href: string; label: string }; children: (data: T) => ReactNode }) {
  const { t } = useI18n();
  return (
    <section id={`report-${id}`} className="console__reports-section" aria-labelledby={`report-${id}-title`}>
      <div className="console__reports-head">
        <h2 id={`report-${id}-title`}>{t(TITLES[id])}</h2>
        <div className="console__reports-links">
          <a className="button button--ghost" href={csv} download aria-label={`${t('ADMIN_REPORTS_DOWNLOAD_CSV')}: ${t(TITLES[id])}`}>
            {t('ADMIN_REPORTS_DOWNLOAD_CSV')}
          </a>
          {more && (
            <a className="button button--ghost" href={more.href} download>
              {t(more.label)}
            </a>
          )}
        </div>
      </div>
      {loaded.ok ? children(loaded.data) : <p className="console__refused" role="alert">{t(loaded.key)}</p>}
    </section>
  );
}

/** A table of counts: one row per thing named in its first column (a plan, a library), its counts after. */
function CountTable({ caption, label, columns, rows }: { caption: string; label?: string; columns: readonly string[]; rows: readonly { key: string | number; label: string; counts: readonly number[] }[] }) {
  const { lang } = useI18n();
  return (
    <ConsoleTable caption={caption} label={label} showCaption columns={columns}>
      {rows.map((row) => (
        <tr key={row.key}>
          <th scope="row">{row.label}</th>
          {row.counts.map((n, i) => (
            <td key={i} className="console__num">
              <Ltr>{formatNumber(lang, n)}</Ltr>
            </td>
          ))}
        </tr>
      ))}
    </ConsoleTable>
  );
}

function Empty() {
  const { t } = useI18n();
  return <p className="console__empty">{t('ADMIN_REPORTS_EMPTY')}</p>;
}

function Revenue({ report }: { report: RevenueReport }) {
  const { t, lang } = useI18n();
  if (report.currencies.length === 0) return <Empty />;
  const g = report.period.granularity;
  return (
    <div className="console__reports-grid">
      {report.currencies.map((c) => {
        const money = (v: number) => <Ltr>{formatMoney(lang, v, c.currency)}</Ltr>;
        const rows = report.by === 'total' ? [{ key: 'total', label: c.currency, totals: c.totals }] : [...c.groups, { key: 'total', label: t('ADMIN_REPORTS_COLUMN_TOTAL'), totals: c.totals }];
        return (
          <div key={c.currency} className="console__reports-pair">
            <BarChart title={t('ADMIN_REPORTS_REVENUE_CHART', { currency: c.currency })} unit={{ kind: 'money', currency: c.currency }} granularity={g} series={{ name: c.currency, points: c.buckets.map((b) => ({ bucket: b.bucket, value: b.net })) }} />
            <ConsoleTable
              caption={t('ADMIN_REPORTS_REVENUE_TABLE', { currency: c.currency })}
              label={`${t('ADMIN_REPORTS_REVENUE')} ${c.currency}`}
              showCaption
              columns={[t(report.by === 'total' ? 'ADMIN_REPORTS_COLUMN_CURRENCY' : GROUP_COLUMNS[report.by]), t('ADMIN_REPORTS_COLUMN_PAYMENTS'), t('ADMIN_REPORTS_COLUMN_GROSS'), t('ADMIN_REPORTS_COLUMN_REFUNDS'), t('ADMIN_REPORTS_COLUMN_NET')]}
            >
              {rows.map((row) => (
                <tr key={row.key} className={row.key === 'total' ? 'console__reports-total' : undefined}>
                  <th scope="row">{report.by === 'plan' || row.key === 'total' && report.by !== 'total' ? row.label : <Ltr>{row.label}</Ltr>}</th>
                  <td className="console__num">
                    <Ltr>{formatNumber(lang, row.totals.payments)}</Ltr>
                  </td>
                  <td className="console__num">{money(row.totals.gross)}</td>
                  <td className="console__num">{money(row.totals.refunds ? -row.totals.refunds : 0)}</td>
                  <td className="console__num">{money(row.totals.net)}</td>
                </tr>
              ))}
            </ConsoleTable>
          </div>
        );
      })}
    </div>
  );
}

function Subscribers({ report, currency }: { report: SubscribersReport; currency: Currency | '' }) {
  const { t } = useI18n();
  if (report.points.length === 0) return <Empty />;
  const g = report.period.granularity;
  const series = (key: 'paying' | 'free' | 'trialing', label: string) => ({ name: t(label), points: report.points.map((p) => ({ bucket: p.bucket, value: p[key] })) });
  const currencies = CURRENCIES.filter((c) => (currency ? c === currency : report.points.some((p) => p.mrr.some((m) => m.currency === c && m.amount > 0))));
  const last = report.points.at(-1);
  return (
    <div className="console__reports-grid">
      <div className="console__reports-pair">
        <LineChart
          title={t('ADMIN_REPORTS_SUBSCRIBERS')}
          unit={COUNT}
          granularity={g}
          series={[series('paying', 'ADMIN_REPORTS_COLUMN_PAYING'), series('free', 'ADMIN_REPORTS_COLUMN_FREE'), series('trialing', 'ADMIN_REPORTS_COLUMN_TRIALING')]}
        />
        {report.plans.length > 0 && last && (
          <CountTable
            caption={t('ADMIN_REPORTS_PER_PLAN_AT', { date: formatDate(last.at) })}
            label={t('ADMIN_REPORTS_PER_PLAN')}
            columns={[t('ADMIN_REPORTS_COLUMN_PLAN'), t('ADMIN_REPORTS_COLUMN_PAYING'), t('ADMIN_REPORTS_COLUMN_FREE'), t('ADMIN_REPORTS_COLUMN_TRIALING')]}
            rows={report.plans.map((p) => ({ key: p.plan, label: p.label, counts: [p.paying, p.free, p.trialing] }))}
          />
        )}
      </div>
      {currencies.map((c) => (
        <LineChart
          key={c}
          title={t('ADMIN_REPORTS_MRR_CHART', { currency: c })}
          unit={{ kind: 'money', currency: c }}
          granularity={g}
          series={[{ name: c, points: report.points.map((p) => ({ bucket: p.bucket, value: p.mrr.find((m) => m.currency === c)?.amount ?? 0 })) }]}
          table="shown"
        />
      ))}
    </div>
  );
}

function Trials({ report }: { report: TrialsReport }) {
  const { t, lang } = useI18n();
  const g = report.period.granularity;
  const { totals } = report;
  return (
    <div className="console__reports-pair">
      <LineChart
        title={t('ADMIN_REPORTS_TRIALS')}
        unit={COUNT}
        granularity={g}
        series={[
          { name: t('ADMIN_REPORTS_COLUMN_STARTED'), points: report.buckets.map((b) => ({ bucket: b.bucket, value: b.started })) },
          { name: t('ADMIN_REPORTS_COLUMN_CONVERTED'), points: report.buckets.map((b) => ({ bucket: b.bucket, value: b.converted })) },
        ]}
      />
      <dl className="console__reports-figures">
        <div>
          <dt>{t('ADMIN_REPORTS_COLUMN_STARTED')}</dt>
          <dd>
            <Ltr>{formatNumber(lang, totals.started)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('ADMIN_REPORTS_COLUMN_CONVERTED')}</dt>
          <dd>
            <Ltr>{formatNumber(lang, totals.converted)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('ADMIN_REPORTS_COLUMN_CONVERSION')}</dt>
          <dd>
            <Ltr>{totals.conversion === null ? '—' : formatValue(lang, RATIO, totals.conversion)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('ADMIN_REPORTS_COLUMN_RUNNING')}</dt>
          <dd>
            <Ltr>{formatNumber(lang, totals.running)}</Ltr>
          </dd>
        </div>
      </dl>
    </div>
  );
}

function Churn({ report }: { report: ChurnReport }) {
  const { t, lang } = useI18n();
  if (report.buckets.length === 0) return <Empty />;
  const g = report.period.granularity;
  return (
    <div className="console__reports-pair">
      <LineChart title={t('ADMIN_REPORTS_CHURN_CHART')} unit={RATIO} granularity={g} series={[{ name: t('ADMIN_REPORTS_COLUMN_CHURN'), points: report.buckets.map((b) => ({ bucket: b.bucket, value: b.churn ?? 0 })) }]} />
      <ConsoleTable
        caption={t('ADMIN_REPORTS_CHURN')}
        showCaption
        columns={[t(`ADMIN_REPORTS_COLUMN_${g.toUpperCase()}`), t('ADMIN_REPORTS_COLUMN_SUBSCRIBERS'), t('ADMIN_REPORTS_COLUMN_ENDED'), t('ADMIN_REPORTS_COLUMN_CHURN')]}
      >
        {report.buckets.map((b) => (
          <tr key={b.bucket}>
            <th scope="row">{bucketLabel(lang, t, b.bucket, g, 'long')}</th>
            <td className="console__num">
              <Ltr>{formatNumber(lang, b.subscribers)}</Ltr>
            </td>
            <td className="console__num">
              <Ltr>{formatNumber(lang, b.ended)}</Ltr>
            </td>
            <td className="console__num">
              <Ltr>{b.churn === null ? '—' : formatValue(lang, RATIO, b.churn)}</Ltr>
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <p>
        {t('ADMIN_REPORTS_CANCELLING')}: <Ltr>{formatNumber(lang, report.cancelling)}</Ltr>
      </p>
    </div>
  );
}

function Ads({ report }: { report: AdsReport }) {
  const { t, lang } = useI18n();
  if (report.ads.length === 0) return <Empty />;
  const g = report.period.granularity;
  const ratio = (v: number | null) => <Ltr>{v === null ? '—' : formatValue(lang, RATIO, v)}</Ltr>;
  return (
    <div className="console__reports-pair">
      <LineChart title={t('ADMIN_REPORTS_CTR_CHART')} unit={RATIO} granularity={g} series={[{ name: t('ADMIN_REPORTS_COLUMN_CTR'), points: report.buckets.map((b) => ({ bucket: b.bucket, value: b.ctr ?? 0 })) }]} />
      <ConsoleTable
        caption={t('ADMIN_REPORTS_ADS_TABLE')}
        label={t('ADMIN_REPORTS_ADS')}
        showCaption
        columns={[t('ADMIN_REPORTS_COLUMN_PARTNER'), t('ADMIN_REPORTS_COLUMN_AD'), t('ADMIN_REPORTS_COLUMN_IMPRESSIONS'), t('ADMIN_REPORTS_COLUMN_CLICKS'), t('ADMIN_REPORTS_COLUMN_CTR')]}
      >
        {report.ads.map((ad) => (
          <tr key={ad.id}>
            <td>{ad.partner?.name ?? t('ADMIN_REPORTS_HOUSE_AD')}</td>
            <th scope="row">{ad.title}</th>
            <td className="console__num">
              <Ltr>{formatNumber(lang, ad.impressions)}</Ltr>
            </td>
            <td className="console__num">
              <Ltr>{formatNumber(lang, ad.clicks)}</Ltr>
            </td>
            <td className="console__num">{ratio(ad.ctr)}</td>
          </tr>
        ))}
        {report.partners.map((p) => (
          <tr key={`partner-${p.slug ?? 'house'}`} className="console__reports-total">
            <th scope="row" colSpan={2}>
              {t('ADMIN_REPORTS_PARTNER_TOTAL', { partner: p.name ?? t('ADMIN_REPORTS_HOUSE_AD') })}
            </th>
            <td className="console__num">
              <Ltr>{formatNumber(lang, p.impressions)}</Ltr>
            </td>
            <td className="console__num">
              <Ltr>{formatNumber(lang, p.clicks)}</Ltr>
            </td>
            <td className="console__num">{ratio(p.ctr)}</td>
          </tr>
        ))}
      </ConsoleTable>
    </div>
  );
}

function Libraries({ report }: { report: LibrariesReport }) {
  const { t } = useI18n();
  if (report.libraries.length === 0) return <Empty />;
  const g = report.period.granularity;
  return (
    <div className="console__reports-pair">
      <LineChart
        title={t('ADMIN_REPORTS_LOANS_CHART')}
        unit={COUNT}
        granularity={g}
        series={report.libraries.slice(0, 4).map((l) => ({ name: l.name, points: l.buckets.map((b) => ({ bucket: b.bucket, value: b.loans })) }))}
      />
      <CountTable
        caption={t('ADMIN_REPORTS_LIBRARIES')}
        columns={[t('ADMIN_REPORTS_COLUMN_LIBRARY'), t('ADMIN_REPORTS_COLUMN_LOANS'), t('ADMIN_REPORTS_COLUMN_PATRONS'), t('ADMIN_REPORTS_COLUMN_TITLES')]}
        rows={report.libraries.map((l) => ({ key: l.slug, label: l.name, counts: [l.loans, l.patrons, l.titles] }))}
      />
    </div>
  );
}

/** Event sales per show: tickets as bars drawn in the table (they follow the page's direction), money per currency. */
function Events({ report, currency }: { report: EventsReport; currency: Currency | '' }) {
  const { t, lang } = useI18n();
  if (report.shows.length === 0) return <Empty />;
  const most = Math.max(1, ...report.shows.map((s) => s.tickets));
  const mine = (money: EventsReport['totals']) => money.filter((m) => !currency || m.currency === currency);
  return (
    <ConsoleTable
      caption={t('ADMIN_REPORTS_EVENTS')}
      showCaption
      columns={[t('ADMIN_REPORTS_COLUMN_SHOW'), t('ADMIN_REPORTS_COLUMN_STARTS'), t('ADMIN_REPORTS_COLUMN_TICKETS'), t('ADMIN_REPORTS_COLUMN_FILL'), t('ADMIN_REPORTS_COLUMN_NET')]}
    >
      {report.shows.map((s) => (
        <tr key={s.id}>
          <th scope="row">
            {s.title}
            <small className="console__reports-sub">{s.event.name}</small>
          </th>
          <td>
            <Ltr>{formatDate(s.starts_at)}</Ltr>
          </td>
          <td>
            <span className="console__reports-bar" aria-hidden="true">
              <span style={{ inlineSize: `${Math.round((s.tickets / most) * 100)}%` }} />
            </span>
            <Ltr>{formatNumber(lang, s.tickets)}</Ltr>
          </td>
          <td className="console__num">
            <Ltr>{s.fill === null ? '—' : formatValue(lang, RATIO, s.fill)}</Ltr>
          </td>
          <td className="console__num">
            {mine(s.money).map((m) => (
              <div key={m.currency}>
                <Ltr>{formatMoney(lang, m.net, m.currency)}</Ltr>
              </div>
            ))}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
