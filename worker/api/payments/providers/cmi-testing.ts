// A fake of CMI's merchant API (the Nestpay "CC5" XML API at /fim/api) for the adapter's tests: a
// Credit of a captured order for at most what is left of it, and the order inquiry
// (Extra/ORDERHISTORY=QUERY) listing the order's transactions as TRX1…TRXn, tab-separated. It can
// lose the answer of the next Credit, after making it or before, as a network cut would.

/** The test store: its client id, store key (with the characters the hash escapes) and gateway; its API user. */
export const cmiTestConfig = { clientId: '600000000', storeKey: 'TEST1234|\\key', gatewayUrl: 'https://testpayment.cmi.co.ma/fim/est3Dgate' };
export const cmiTestApi = { user: 'tafrij_api', password: 'Api&Pass<1>' };

type Trx = { charge: 'S' | 'C'; status: string; amount: number; code: string; transId: string };

/** `orders`: our order ids and what each captured, in minor units. */
export function fakeCmiApi(orders: Record<string, number>) {
  const refunded = new Map<string, number>();
  const history = new Map<string, Trx[]>(Object.entries(orders).map(([oid, total]) => [oid, [{ charge: 'S', status: 'C', amount: total, code: '00', transId: `T-sale-${oid}` }]]));
  const seen: { url: string; contentType: string | null; xml: string }[] = [];
  /** The Credits made (approved), in order. */
  const credits: { oid: string; amount: number; transId: string }[] = [];
  let lose: 'after' | 'before' | null = null;
  const answer = (fields: Record<string, string>, extra = '') =>
    new Response(`<?xml version="1.0" encoding="ISO-8859-9"?><CC5Response>${Object.entries(fields).map(([k, v]) => `<${k}>${v}</${k}>`).join('')}${extra}</CC5Response>`, { headers: { 'Content-Type': 'text/xml' } });
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const xml = await request.text();
    seen.push({ url: request.url, contentType: request.headers.get('content-type'), xml });
    // Read as the gateway would, independently of the adapter's own reader: one element, entities decoded.
    const field = (name: string) => (new RegExp(`<${name}>(.*?)</${name}>`).exec(xml)?.[1] ?? '').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
    if (field('Name') !== cmiTestApi.user || field('Password') !== cmiTestApi.password || field('ClientId') !== cmiTestConfig.clientId) return answer({ Response: 'Error', ProcReturnCode: '99', ErrMsg: 'Authentication failed' });
    const oid = field('OrderId');
    const trxs = history.get(oid);
    if (field('ORDERHISTORY') === 'QUERY') {
      if (!trxs) return answer({ OrderId: oid, Response: 'Error', ProcReturnCode: '99', ErrMsg: 'No such order' });
      const lines = trxs.map((t, i) => `<TRX${i + 1}>${[t.charge, t.status, String(t.amount), t.status === 'D' ? '' : String(t.amount), '2026-11-27 10:00:00.000', '', '', '412345678901', t.code === '00' ? 'P55555' : '', t.code, t.transId].join('\t')}</TRX${i + 1}>`);
      return answer({ OrderId: oid, Response: 'Approved', ProcReturnCode: '00', ErrMsg: '' }, `<Extra><TRXCOUNT>${trxs.length}</TRXCOUNT>${lines.join('')}<NUMCODE>0</NUMCODE></Extra>`);
    }
    if (field('Type') !== 'Credit') return answer({ Response: 'Error', ProcReturnCode: '99', ErrMsg: 'Unsupported transaction type' });
    const total = orders[oid];
    if (total === undefined || !trxs) return answer({ OrderId: oid, Response: 'Error', ProcReturnCode: '99', ErrMsg: 'No such order' });
    if (lose === 'before') {
      lose = null;
      throw new TypeError('network connection lost');
    }
    const amount = Math.round(Number(field('Total')) * 100);
    const left = total - (refunded.get(oid) ?? 0);
    const transId = `T${seen.length}-credit`;
    if (field('Currency') !== '504' || amount > left) {
      trxs.push({ charge: 'C', status: 'D', amount, code: '05', transId });
      return answer({ OrderId: oid, Response: 'Declined', ProcReturnCode: '05', ErrMsg: 'Credit amount exceeds the order amount' });
    }
    refunded.set(oid, (refunded.get(oid) ?? 0) + amount);
    trxs.push({ charge: 'C', status: 'S', amount, code: '00', transId });
    credits.push({ oid, amount, transId });
    if (lose === 'after') {
      lose = null;
      throw new TypeError('network connection lost');
    }
    return answer({ OrderId: oid, GroupId: oid, Response: 'Approved', AuthCode: 'P55555', HostRefNum: '412345678901', ProcReturnCode: '00', TransId: transId, ErrMsg: '' });
  };
  return {
    fetcher,
    seen,
    refunded,
    credits,
    /** The next Credit's answer is lost: after the Credit is made, or before it reaches the gateway. */
    loseNextCredit(when: 'after' | 'before') {
      lose = when;
    },
    /** An order this fake knows from now on (a payment made in a test). */
    addOrder(oid: string, total: number) {
      orders[oid] = total;
      history.set(oid, [{ charge: 'S', status: 'C', amount: total, code: '00', transId: `T-sale-${oid}` }]);
    },
  };
}
