import type { Lang } from '../core/validation';

/** Texts of the generated home banners (SVG), per language. The news seed uses the same titles. */
export const BANNER_TEXTS: Record<number, Record<Lang, { title: string; subtitle: string }>> = {
  1: {
    en: { title: 'Trade crypto anytime', subtitle: 'Spot, leverage and seconds contracts in one app' },
    zh: { title: '随时随地交易数字货币', subtitle: '现货、杠杆、秒合约，一个应用全搞定' },
    hk: { title: '隨時隨地交易數字貨幣', subtitle: '現貨、槓桿、秒合約，一個應用全搞定' },
    jp: { title: 'いつでも暗号資産取引', subtitle: '現物・レバレッジ・秒取引をひとつのアプリで' },
    kr: { title: '언제 어디서나 암호화폐 거래', subtitle: '현물, 레버리지, 초 계약을 하나의 앱에서' },
    de: { title: 'Krypto jederzeit handeln', subtitle: 'Spot, Hebel und Sekundenkontrakte in einer App' },
    es: {
      title: 'Opera cripto cuando quieras',
      subtitle: 'Spot, apalancamiento y contratos por segundos en una app',
    },
  },
  2: {
    en: { title: 'Lock-up mining', subtitle: 'Earn daily interest on idle coins' },
    zh: { title: '锁仓挖矿', subtitle: '闲置币也能每日赚取利息' },
    hk: { title: '鎖倉挖礦', subtitle: '閒置幣也能每日賺取利息' },
    jp: { title: 'ロックアップ・マイニング', subtitle: '眠っているコインで毎日利息を獲得' },
    kr: { title: '락업 마이닝', subtitle: '잠자는 코인으로 매일 이자 받기' },
    de: { title: 'Lock-up-Mining', subtitle: 'Tägliche Zinsen auf ungenutzte Coins' },
    es: { title: 'Minería con bloqueo', subtitle: 'Gana intereses diarios con tus monedas inactivas' },
  },
  3: {
    en: { title: 'Invite friends, earn rebates', subtitle: 'Share your invite code and get rewarded' },
    zh: { title: '邀请好友，赚取返佣', subtitle: '分享邀请码即可获得奖励' },
    hk: { title: '邀請好友，賺取返佣', subtitle: '分享邀請碼即可獲得獎勵' },
    jp: { title: '友達を招待してリベート獲得', subtitle: '招待コードを共有して報酬をもらおう' },
    kr: { title: '친구 초대하고 리베이트 받기', subtitle: '초대 코드를 공유하고 보상을 받으세요' },
    de: { title: 'Freunde einladen, Prämien erhalten', subtitle: 'Einladungscode teilen und belohnt werden' },
    es: { title: 'Invita amigos y gana reembolsos', subtitle: 'Comparte tu código y obtén recompensas' },
  },
};

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (ch) =>
    ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '&' ? '&amp;' : ch === '"' ? '&quot;' : '&apos;',
  );
}

/** Deterministic decorative candles, different per banner. */
function candles(seed: number): string {
  let x = seed * 9301 + 49297;
  const rand = () => {
    x = (x * 9301 + 49297) % 233280;
    return x / 233280;
  };
  const parts: string[] = [];
  let level = 170;
  for (let i = 0; i < 14; i += 1) {
    const open = level;
    const close = Math.max(90, Math.min(250, level + (rand() - 0.45) * 40));
    const high = Math.min(open, close) - rand() * 18;
    const low = Math.max(open, close) + rand() * 18;
    const up = close < open;
    const cx = 440 + i * 21;
    const color = up ? '#2ec4b6' : '#e55b6b';
    parts.push(
      `<line x1="${cx}" y1="${high.toFixed(1)}" x2="${cx}" y2="${low.toFixed(1)}" stroke="${color}" stroke-width="2" opacity="0.7"/>`,
      `<rect x="${cx - 6}" y="${Math.min(open, close).toFixed(1)}" width="12" height="${Math.max(3, Math.abs(close - open)).toFixed(1)}" rx="2" fill="${color}" opacity="0.85"/>`,
    );
    level = close;
  }
  return parts.join('');
}

/** A 750x300 teal-on-dark banner with a title, or undefined for an unknown banner. */
export function bannerSvg(id: number, lang: Lang): string | undefined {
  const texts = BANNER_TEXTS[id];
  if (!texts) return undefined;
  const { title, subtitle } = texts[lang];
  const font =
    "-apple-system, 'Segoe UI', Roboto, 'PingFang SC', 'Hiragino Sans', 'Noto Sans CJK SC', 'Malgun Gothic', sans-serif";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300" role="img" aria-label="${escapeXml(title)}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1f24"/><stop offset="1" stop-color="#0f3a40"/></linearGradient>
<radialGradient id="glow" cx="0.85" cy="0.2" r="0.6"><stop offset="0" stop-color="#19c2b0" stop-opacity="0.45"/><stop offset="1" stop-color="#19c2b0" stop-opacity="0"/></radialGradient>
</defs>
<rect width="750" height="300" rx="16" fill="url(#bg)"/>
<rect width="750" height="300" rx="16" fill="url(#glow)"/>
${candles(id)}
<rect x="40" y="58" width="56" height="6" rx="3" fill="#19c2b0"/>
<text x="40" y="124" fill="#ffffff" font-family="${escapeXml(font)}" font-size="38" font-weight="700">${escapeXml(title)}</text>
<text x="40" y="170" fill="#9fd8d1" font-family="${escapeXml(font)}" font-size="20">${escapeXml(subtitle)}</text>
<rect x="40" y="206" width="148" height="44" rx="22" fill="#19c2b0"/>
<text x="114" y="234" fill="#0b1f24" font-family="${escapeXml(font)}" font-size="18" font-weight="700" text-anchor="middle">&#8594;</text>
</svg>
`;
}
