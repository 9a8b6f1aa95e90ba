/** Category colours of the generated product pictures, by the SKU's category code. */
const COLORS: Record<string, string> = {
  RS: '#0b5cad',
  RSS: '#14213d',
  CT: '#3d5a80',
  BP: '#6c4ab6',
  BC: '#2a9d8f',
  DC: '#264653',
  TL: '#e76f51',
  SC: '#b42318',
  SD: '#6b705c',
  RI: '#1d3557',
  RP: '#5c677d',
  RF: '#0077b6',
  TH: '#f4a261',
  AC: '#7f5539',
};

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * A product picture drawn from its SKU and name: the demo never fetches images. View n of a
 * product turns the device a little, so the gallery's thumbnails differ.
 */
export function productImageSvg(sku: string, name: string, view: number): string {
  const [brandCode, category = 'AC', model = ''] = sku.split('-');
  const color = COLORS[category] ?? '#5c677d';
  const angle = (view - 1) * 8 - 8;
  const title = escapeXml(name.length > 48 ? `${name.slice(0, 47)}…` : name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 500" role="img" aria-label="${title}">
<rect width="500" height="500" fill="#f4f6f8"/>
<g transform="rotate(${angle} 250 230)">
<rect x="120" y="110" width="260" height="240" rx="28" fill="${color}"/>
<rect x="150" y="140" width="200" height="90" rx="10" fill="#e8eef5"/>
<text x="250" y="198" font-family="Arial, sans-serif" font-size="34" font-weight="700" fill="${color}" text-anchor="middle">${escapeXml(model)}</text>
<circle cx="190" cy="290" r="22" fill="#fca311"/><circle cx="250" cy="290" r="22" fill="#ffffff" opacity="0.85"/><circle cx="310" cy="290" r="22" fill="#ffffff" opacity="0.6"/>
</g>
<text x="250" y="420" font-family="Arial, sans-serif" font-size="26" font-weight="700" fill="#14213d" text-anchor="middle">${escapeXml(brandCode ?? '')} · ${escapeXml(sku)}</text>
<text x="250" y="455" font-family="Arial, sans-serif" font-size="17" fill="#4f5b67" text-anchor="middle">${title}</text>
</svg>`;
}
