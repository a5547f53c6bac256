import { encode } from 'uqr';

/**
 * A scannable code of `text` as inline SVG (one path, no script): the agency scans the voucher's
 * reference instead of typing it. A quiet zone of 4 modules, as scanners expect.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M' });
  const quiet = 4;
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + quiet} ${y + quiet}h1v1h-1z` : ''))).join('');
  const box = size + quiet * 2;
  return (
    <svg className="qr" viewBox={`0 0 ${box} ${box}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
