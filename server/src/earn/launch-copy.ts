// The seeded launch project's text in every language the product speaks, served in the
// language of the request (the `lang` header) like news; English is the stored row.
import type { Lang } from '../core/validation';
import { LAUNCH_PROJECT_ID } from './schema';

export interface LaunchCopy {
  keyword: string;
  abstract: string;
  content: string;
}

const BEF: Record<Exclude<Lang, 'en'>, LaunchCopy> = {
  zh: {
    keyword: 'BEF 首发',
    abstract: 'BEF 是交易所生态的功能型代币：手续费折扣、首发优先权和投票权。',
    content:
      '在申购阶段使用 USDT、BTC 或 ETH 申购 BEF。申购的代币在锁仓期内保持锁定，之后可解锁至您的币币账户。阶段：预热、申购、结束、公布结果。',
  },
  hk: {
    keyword: 'BEF 首發',
    abstract: 'BEF 是交易所生態的功能型代幣：手續費折扣、首發優先權和投票權。',
    content:
      '在申購階段使用 USDT、BTC 或 ETH 申購 BEF。申購的代幣在鎖倉期內保持鎖定，之後可解鎖至您的幣幣帳戶。階段：預熱、申購、結束、公佈結果。',
  },
  jp: {
    keyword: 'BEF ローンチ',
    abstract: 'BEF は取引所エコシステムのユーティリティトークンです：手数料割引、ローンチ優先権、投票権。',
    content:
      '申込期間中に USDT、BTC または ETH で BEF に申し込めます。申し込んだトークンはロック期間中ロックされ、その後コインウォレットにロック解除できます。段階：ウォームアップ、申込、終了、結果発表。',
  },
  kr: {
    keyword: 'BEF 런치',
    abstract: 'BEF는 거래소 생태계의 유틸리티 토큰입니다: 수수료 할인, 런치 우선권, 투표권.',
    content:
      '청약 단계에서 USDT, BTC 또는 ETH로 BEF를 청약하세요. 청약한 토큰은 락업 기간 동안 잠기며, 이후 코인 지갑으로 잠금 해제할 수 있습니다. 단계: 예열, 청약, 종료, 결과 발표.',
  },
  de: {
    keyword: 'BEF-Launch',
    abstract:
      'BEF ist der Utility-Token des Börsen-Ökosystems: Gebührenrabatte, Vorrang bei Launches und Stimmrecht.',
    content:
      'Zeichnen Sie BEF in der Zeichnungsphase mit USDT, BTC oder ETH. Gezeichnete Token bleiben während der Sperrfrist gesperrt und können danach in Ihre Coin-Wallet freigegeben werden. Phasen: Aufwärmphase, Zeichnung, beendet, Ergebnisse veröffentlicht.',
  },
  es: {
    keyword: 'Lanzamiento de BEF',
    abstract:
      'BEF es el token de utilidad del ecosistema del exchange: descuentos en comisiones, prioridad en lanzamientos y voto.',
    content:
      'Suscríbase a BEF con USDT, BTC o ETH durante la fase de suscripción. Los tokens suscritos permanecen bloqueados durante el periodo de bloqueo y después pueden desbloquearse a su billetera de monedas. Fases: precalentamiento, suscripción, finalizado, resultados publicados.',
  },
};

/** The project's text in `lang`, or null to keep the stored (English) text. */
export function launchCopy(projectId: number, lang: Lang): LaunchCopy | null {
  if (projectId !== LAUNCH_PROJECT_ID || lang === 'en') return null;
  return BEF[lang];
}
