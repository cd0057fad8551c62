import type { Lang } from '../core/validation';
import { BANNER_TEXTS } from './banners';

/**
 * Seed articles in every language. Categories: 5 home banners, 4 announcements, and the help
 * categories 21 (getting started), 19 (trading rules and fees) and 3 (account and security).
 */
export const NEWS_CATEGORY = {
  banner: 5,
  announcement: 4,
  helpStart: 21,
  helpTrading: 19,
  helpAccount: 3,
} as const;

type Texts = Record<Lang, { title: string; content: string }>;

export interface SeedArticle {
  category: number;
  sorts: number;
  /** Age at seeding time, so lists have distinct, realistic times. */
  hoursAgo: number;
  /** Relative thumbnail per language (served by this server), if any. */
  thumbnail?: (lang: Lang) => string;
  texts: Texts;
}

/**
 * Deliberately hostile markup (announcement "security reminder"): the client must sanitize news
 * HTML. If any of it runs, `window.__xss` becomes 1, 2 or 3.
 */
export const HOSTILE_HTML =
  '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
  '<p><a href="javascript:window.__xss=3">report</a></p>';

function banner(id: number, hoursAgo: number, content: Record<Lang, string>): SeedArticle {
  const texts = BANNER_TEXTS[id];
  if (!texts) throw new Error(`No banner texts for ${id}`);
  const out = {} as Texts;
  for (const lang of Object.keys(texts) as Lang[]) {
    out[lang] = { title: texts[lang].title, content: content[lang] };
  }
  return {
    category: NEWS_CATEGORY.banner,
    sorts: id,
    hoursAgo,
    thumbnail: (lang) => `/api/assets/banner/${id}.svg?lang=${lang}`,
    texts: out,
  };
}

export const SEED_NEWS: readonly SeedArticle[] = [
  banner(1, 72, {
    en: '<p>Trade BTC, ETH and more against USDT with market or limit orders, up to 200x leverage, or seconds contracts.</p>',
    zh: '<p>以市价或限价交易 BTC、ETH 等币种，支持最高 200 倍杠杆和秒合约。</p>',
    hk: '<p>以市價或限價交易 BTC、ETH 等幣種，支持最高 200 倍槓桿和秒合約。</p>',
    jp: '<p>BTC や ETH などを成行・指値で USDT 建て取引。最大 200 倍のレバレッジや秒取引にも対応。</p>',
    kr: '<p>BTC, ETH 등을 시장가 또는 지정가로 USDT와 거래하고, 최대 200배 레버리지와 초 계약도 이용하세요.</p>',
    de: '<p>Handeln Sie BTC, ETH und mehr gegen USDT mit Markt- oder Limit-Orders, bis zu 200-fachem Hebel oder Sekundenkontrakten.</p>',
    es: '<p>Opera BTC, ETH y más contra USDT con órdenes de mercado o límite, hasta 200x de apalancamiento o contratos por segundos.</p>',
  }),
  banner(2, 70, {
    en: '<p>Lock coins for a fixed term and receive interest every day. Principal returns at maturity.</p>',
    zh: '<p>按固定期限锁仓，每日获得利息，到期返还本金。</p>',
    hk: '<p>按固定期限鎖倉，每日獲得利息，到期返還本金。</p>',
    jp: '<p>一定期間コインをロックすると、毎日利息を受け取れます。満期には元本が戻ります。</p>',
    kr: '<p>일정 기간 코인을 락업하고 매일 이자를 받으세요. 만기 시 원금이 반환됩니다.</p>',
    de: '<p>Sperren Sie Coins für eine feste Laufzeit und erhalten Sie täglich Zinsen. Das Kapital kommt zum Laufzeitende zurück.</p>',
    es: '<p>Bloquea monedas por un plazo fijo y recibe intereses cada día. El capital se devuelve al vencimiento.</p>',
  }),
  banner(3, 68, {
    en: '<p>Share your invite link. When friends trade, you earn a rebate on their fees.</p>',
    zh: '<p>分享您的邀请链接，好友交易时您可获得手续费返佣。</p>',
    hk: '<p>分享您的邀請連結，好友交易時您可獲得手續費返佣。</p>',
    jp: '<p>招待リンクを共有しましょう。友達が取引すると、手数料の一部がリベートとして還元されます。</p>',
    kr: '<p>초대 링크를 공유하세요. 친구가 거래하면 수수료의 일부를 리베이트로 받습니다.</p>',
    de: '<p>Teilen Sie Ihren Einladungslink. Wenn Freunde handeln, erhalten Sie einen Teil ihrer Gebühren zurück.</p>',
    es: '<p>Comparte tu enlace de invitación. Cuando tus amigos operan, recibes un reembolso de sus comisiones.</p>',
  }),

  // Announcements (category 4)
  {
    category: NEWS_CATEGORY.announcement,
    sorts: 0,
    hoursAgo: 60,
    texts: {
      en: {
        title: 'Welcome to the new trading app',
        content:
          '<p>Trade spot, leverage and seconds contracts, buy USDT with fiat and earn with lock-up mining, all in one place.</p><p>New here? Start with the <a href="/help">help centre</a>.</p>',
      },
      zh: {
        title: '欢迎使用全新交易应用',
        content:
          '<p>现货、杠杆、秒合约交易，法币购买 USDT，锁仓挖矿赚收益，一站式完成。</p><p>初次使用？请先阅读<a href="/help">帮助中心</a>。</p>',
      },
      hk: {
        title: '歡迎使用全新交易應用',
        content:
          '<p>現貨、槓桿、秒合約交易，法幣購買 USDT，鎖倉挖礦賺收益，一站式完成。</p><p>初次使用？請先閱讀<a href="/help">幫助中心</a>。</p>',
      },
      jp: {
        title: '新しい取引アプリへようこそ',
        content:
          '<p>現物・レバレッジ・秒取引、法定通貨での USDT 購入、ロックアップ・マイニングまで、すべてひとつの場所で。</p><p>初めての方は<a href="/help">ヘルプセンター</a>をご覧ください。</p>',
      },
      kr: {
        title: '새로운 거래 앱에 오신 것을 환영합니다',
        content:
          '<p>현물, 레버리지, 초 계약 거래, 법정화폐로 USDT 구매, 락업 마이닝까지 한곳에서 이용하세요.</p><p>처음이신가요? <a href="/help">도움말 센터</a>부터 확인하세요.</p>',
      },
      de: {
        title: 'Willkommen in der neuen Trading-App',
        content:
          '<p>Spot-, Hebel- und Sekundenkontrakte handeln, USDT mit Fiat kaufen und mit Lock-up-Mining verdienen – alles an einem Ort.</p><p>Neu hier? Beginnen Sie mit dem <a href="/help">Hilfe-Center</a>.</p>',
      },
      es: {
        title: 'Bienvenido a la nueva app de trading',
        content:
          '<p>Opera spot, con apalancamiento y contratos por segundos, compra USDT con dinero fiat y gana con minería con bloqueo, todo en un solo lugar.</p><p>¿Eres nuevo? Empieza por el <a href="/help">centro de ayuda</a>.</p>',
      },
    },
  },
  {
    category: NEWS_CATEGORY.announcement,
    sorts: 0,
    hoursAgo: 40,
    texts: {
      en: {
        title: 'Scheduled maintenance on Sunday',
        content:
          '<p>System maintenance runs on Sunday from 02:00 to 04:00 (UTC). Deposits and withdrawals are paused during this time; trading is not affected.</p><p>Thank you for your patience.</p>',
      },
      zh: {
        title: '周日系统维护公告',
        content:
          '<p>系统将于周日 02:00 至 04:00（UTC）进行维护，期间暂停充值和提币，交易不受影响。</p><p>感谢您的耐心与支持。</p>',
      },
      hk: {
        title: '週日系統維護公告',
        content:
          '<p>系統將於週日 02:00 至 04:00（UTC）進行維護，期間暫停充值和提幣，交易不受影響。</p><p>感謝您的耐心與支持。</p>',
      },
      jp: {
        title: '日曜日の定期メンテナンスのお知らせ',
        content:
          '<p>日曜日 02:00〜04:00（UTC）にシステムメンテナンスを行います。この間、入出金は停止しますが、取引には影響ありません。</p><p>ご理解のほどよろしくお願いいたします。</p>',
      },
      kr: {
        title: '일요일 정기 점검 안내',
        content:
          '<p>일요일 02:00~04:00(UTC)에 시스템 점검이 진행됩니다. 점검 중에는 입출금이 중단되며 거래에는 영향이 없습니다.</p><p>양해해 주셔서 감사합니다.</p>',
      },
      de: {
        title: 'Geplante Wartung am Sonntag',
        content:
          '<p>Die Systemwartung findet am Sonntag von 02:00 bis 04:00 Uhr (UTC) statt. Ein- und Auszahlungen sind in dieser Zeit pausiert; der Handel ist nicht betroffen.</p><p>Vielen Dank für Ihre Geduld.</p>',
      },
      es: {
        title: 'Mantenimiento programado el domingo',
        content:
          '<p>El mantenimiento del sistema será el domingo de 02:00 a 04:00 (UTC). Los depósitos y retiros se pausan durante ese tiempo; el trading no se ve afectado.</p><p>Gracias por tu paciencia.</p>',
      },
    },
  },
  {
    category: NEWS_CATEGORY.announcement,
    sorts: 0,
    hoursAgo: 20,
    texts: {
      en: {
        title: 'New trading pairs: XRP/USDT and LTC/USDT',
        content:
          '<p>XRP/USDT and LTC/USDT are now open for spot and leveraged trading.</p><p>Fees are listed in the <a href="/help">help centre</a>. Learn more about XRP at <a href="https://xrpl.org/" target="_blank" rel="noopener noreferrer">xrpl.org</a>.</p>',
      },
      zh: {
        title: '新交易对上线：XRP/USDT 与 LTC/USDT',
        content:
          '<p>XRP/USDT 和 LTC/USDT 现已开放现货与杠杆交易。</p><p>手续费详见<a href="/help">帮助中心</a>。了解 XRP 请访问 <a href="https://xrpl.org/" target="_blank" rel="noopener noreferrer">xrpl.org</a>。</p>',
      },
      hk: {
        title: '新交易對上線：XRP/USDT 與 LTC/USDT',
        content:
          '<p>XRP/USDT 和 LTC/USDT 現已開放現貨與槓桿交易。</p><p>手續費詳見<a href="/help">幫助中心</a>。了解 XRP 請訪問 <a href="https://xrpl.org/" target="_blank" rel="noopener noreferrer">xrpl.org</a>。</p>',
      },
      jp: {
        title: '新規取引ペア：XRP/USDT と LTC/USDT',
        content:
          '<p>XRP/USDT と LTC/USDT の現物取引・レバレッジ取引を開始しました。</p><p>手数料は<a href="/help">ヘルプセンター</a>をご覧ください。XRP については <a href="https://xrpl.org/" target="_blank" rel="noopener noreferrer">xrpl.org</a> へ。</p>',
      },
      kr: {
        title: '신규 거래쌍: XRP/USDT 및 LTC/USDT',
        content:
          '<p>XRP/USDT와 LTC/USDT의 현물 및 레버리지 거래가 시작되었습니다.</p><p>수수료는 <a href="/help">도움말 센터</a>에서 확인하세요. XRP에 대해서는 <a href="https://xrpl.org/" target="_blank" rel="noopener noreferrer">xrpl.org</a>를 참고하세요.</p>',
      },
      de: {
        title: 'Neue Handelspaare: XRP/USDT und LTC/USDT',
        content:
          '<p>XRP/USDT und LTC/USDT sind jetzt für Spot- und Hebelhandel freigeschaltet.</p><p>Die Gebühren finden Sie im <a href="/help">Hilfe-Center</a>. Mehr über XRP auf <a href="https://xrpl.org/" target="_blank" rel="noopener noreferrer">xrpl.org</a>.</p>',
      },
      es: {
        title: 'Nuevos pares: XRP/USDT y LTC/USDT',
        content:
          '<p>XRP/USDT y LTC/USDT ya están abiertos para trading spot y con apalancamiento.</p><p>Las comisiones están en el <a href="/help">centro de ayuda</a>. Más sobre XRP en <a href="https://xrpl.org/" target="_blank" rel="noopener noreferrer">xrpl.org</a>.</p>',
      },
    },
  },
  {
    // The hostile one: the client's sanitizer must neutralize HOSTILE_HTML.
    category: NEWS_CATEGORY.announcement,
    sorts: 0,
    hoursAgo: 2,
    texts: {
      en: {
        title: 'Security reminder: beware of phishing',
        content: `<p>We will never ask for your password or verification codes. Only use the official app and check the address bar.</p>${HOSTILE_HTML}`,
      },
      zh: {
        title: '安全提醒：谨防钓鱼诈骗',
        content: `<p>我们绝不会索要您的密码或验证码。请只使用官方应用并留意网址。</p>${HOSTILE_HTML}`,
      },
      hk: {
        title: '安全提醒：謹防釣魚詐騙',
        content: `<p>我們絕不會索取您的密碼或驗證碼。請只使用官方應用並留意網址。</p>${HOSTILE_HTML}`,
      },
      jp: {
        title: 'セキュリティ注意：フィッシングにご注意ください',
        content: `<p>当社がパスワードや認証コードを尋ねることはありません。公式アプリのみを使用し、アドレスをご確認ください。</p>${HOSTILE_HTML}`,
      },
      kr: {
        title: '보안 알림: 피싱에 주의하세요',
        content: `<p>당사는 비밀번호나 인증 코드를 절대 요청하지 않습니다. 공식 앱만 사용하고 주소를 확인하세요.</p>${HOSTILE_HTML}`,
      },
      de: {
        title: 'Sicherheitshinweis: Vorsicht vor Phishing',
        content: `<p>Wir fragen niemals nach Ihrem Passwort oder Bestätigungscodes. Nutzen Sie nur die offizielle App und prüfen Sie die Adresszeile.</p>${HOSTILE_HTML}`,
      },
      es: {
        title: 'Aviso de seguridad: cuidado con el phishing',
        content: `<p>Nunca te pediremos tu contraseña ni códigos de verificación. Usa solo la app oficial y revisa la barra de direcciones.</p>${HOSTILE_HTML}`,
      },
    },
  },

  // Help: getting started (21)
  {
    category: NEWS_CATEGORY.helpStart,
    sorts: 1,
    hoursAgo: 200,
    texts: {
      en: {
        title: 'How to deposit',
        content:
          '<p>Open <b>Assets</b>, tap <b>Deposit</b> and choose the coin.</p><ol><li>Copy the deposit address or scan its QR code.</li><li>Send the coin from your other wallet on the matching network.</li><li>Your balance is credited after 1 network confirmation.</li></ol>',
      },
      zh: {
        title: '如何充值',
        content:
          '<p>打开<b>资产</b>，点击<b>充值</b>并选择币种。</p><ol><li>复制充值地址或扫描二维码。</li><li>从您的其他钱包通过对应网络转入该币种。</li><li>网络确认 1 次后余额到账。</li></ol>',
      },
      hk: {
        title: '如何充值',
        content:
          '<p>打開<b>資產</b>，點擊<b>充值</b>並選擇幣種。</p><ol><li>複製充值地址或掃描二維碼。</li><li>從您的其他錢包通過對應網絡轉入該幣種。</li><li>網絡確認 1 次後餘額到賬。</li></ol>',
      },
      jp: {
        title: '入金方法',
        content:
          '<p><b>資産</b>を開き、<b>入金</b>をタップして通貨を選びます。</p><ol><li>入金アドレスをコピーするか、QRコードを読み取ります。</li><li>他のウォレットから対応するネットワークで送金します。</li><li>ネットワーク承認1回後に残高に反映されます。</li></ol>',
      },
      kr: {
        title: '입금 방법',
        content:
          '<p><b>자산</b>을 열고 <b>입금</b>을 누른 후 코인을 선택하세요.</p><ol><li>입금 주소를 복사하거나 QR 코드를 스캔하세요.</li><li>다른 지갑에서 일치하는 네트워크로 코인을 보내세요.</li><li>네트워크 확인 1회 후 잔액에 반영됩니다.</li></ol>',
      },
      de: {
        title: 'So zahlen Sie ein',
        content:
          '<p>Öffnen Sie <b>Vermögen</b>, tippen Sie auf <b>Einzahlen</b> und wählen Sie die Münze.</p><ol><li>Kopieren Sie die Einzahlungsadresse oder scannen Sie den QR-Code.</li><li>Senden Sie die Münze aus Ihrer anderen Wallet über das passende Netzwerk.</li><li>Das Guthaben wird nach 1 Netzwerkbestätigung gutgeschrieben.</li></ol>',
      },
      es: {
        title: 'Cómo depositar',
        content:
          '<p>Abre <b>Activos</b>, pulsa <b>Depositar</b> y elige la moneda.</p><ol><li>Copia la dirección de depósito o escanea su código QR.</li><li>Envía la moneda desde tu otra billetera por la red correspondiente.</li><li>El saldo se acredita tras 1 confirmación de la red.</li></ol>',
      },
    },
  },
  {
    category: NEWS_CATEGORY.helpStart,
    sorts: 2,
    hoursAgo: 199,
    texts: {
      en: {
        title: 'How to trade',
        content:
          '<p>On <b>Trade</b>, pick a pair such as BTC/USDT, choose Buy or Sell and a market or limit price.</p><p>Enter the quantity or use the slider, then confirm. Open limit orders can be cancelled from the order list.</p>',
      },
      zh: {
        title: '如何交易',
        content:
          '<p>在<b>交易</b>页面选择交易对（如 BTC/USDT），选择买入或卖出，以及市价或限价。</p><p>输入数量或拖动滑块后确认。未成交的限价单可在委托列表中撤销。</p>',
      },
      hk: {
        title: '如何交易',
        content:
          '<p>在<b>交易</b>頁面選擇交易對（如 BTC/USDT），選擇買入或賣出，以及市價或限價。</p><p>輸入數量或拖動滑塊後確認。未成交的限價單可在委託列表中撤銷。</p>',
      },
      jp: {
        title: '取引方法',
        content:
          '<p><b>取引</b>画面で BTC/USDT などのペアを選び、買い・売りと成行・指値を選択します。</p><p>数量を入力するかスライダーで指定し、確認します。未約定の指値注文は注文一覧から取り消せます。</p>',
      },
      kr: {
        title: '거래 방법',
        content:
          '<p><b>거래</b> 화면에서 BTC/USDT 같은 거래쌍을 고르고 매수 또는 매도, 시장가 또는 지정가를 선택하세요.</p><p>수량을 입력하거나 슬라이더로 정한 뒤 확인하세요. 미체결 지정가 주문은 주문 목록에서 취소할 수 있습니다.</p>',
      },
      de: {
        title: 'So handeln Sie',
        content:
          '<p>Wählen Sie unter <b>Handel</b> ein Paar wie BTC/USDT, dann Kaufen oder Verkaufen sowie Markt- oder Limitpreis.</p><p>Geben Sie die Menge ein oder nutzen Sie den Schieberegler und bestätigen Sie. Offene Limit-Orders können in der Orderliste storniert werden.</p>',
      },
      es: {
        title: 'Cómo operar',
        content:
          '<p>En <b>Operar</b>, elige un par como BTC/USDT, selecciona Comprar o Vender y precio de mercado o límite.</p><p>Introduce la cantidad o usa el deslizador y confirma. Las órdenes límite abiertas se pueden cancelar desde la lista de órdenes.</p>',
      },
    },
  },
  {
    category: NEWS_CATEGORY.helpStart,
    sorts: 3,
    hoursAgo: 198,
    texts: {
      en: {
        title: 'Moving funds between wallets',
        content:
          '<p>Your account has four wallets: spot (change), leverage (lever), fiat (legal) and seconds (micro).</p><p>Use <b>Transfer</b> to move coins between them instantly and free of charge.</p>',
      },
      zh: {
        title: '钱包之间划转资金',
        content:
          '<p>您的账户有四个钱包：币币、杠杆、法币和秒合约。</p><p>使用<b>划转</b>即可在钱包之间即时免费转移资产。</p>',
      },
      hk: {
        title: '錢包之間劃轉資金',
        content:
          '<p>您的賬戶有四個錢包：幣幣、槓桿、法幣和秒合約。</p><p>使用<b>劃轉</b>即可在錢包之間即時免費轉移資產。</p>',
      },
      jp: {
        title: 'ウォレット間の振替',
        content:
          '<p>アカウントには現物、レバレッジ、法定通貨、秒取引の4つのウォレットがあります。</p><p><b>振替</b>を使うと、ウォレット間で即時・無料で資産を移動できます。</p>',
      },
      kr: {
        title: '지갑 간 자금 이체',
        content:
          '<p>계정에는 현물, 레버리지, 법정화폐, 초 계약의 네 가지 지갑이 있습니다.</p><p><b>이체</b>를 사용하면 지갑 간에 즉시 무료로 자산을 옮길 수 있습니다.</p>',
      },
      de: {
        title: 'Guthaben zwischen Wallets verschieben',
        content:
          '<p>Ihr Konto hat vier Wallets: Spot, Hebel, Fiat und Sekundenkontrakte.</p><p>Mit <b>Übertragen</b> verschieben Sie Münzen sofort und kostenlos zwischen ihnen.</p>',
      },
      es: {
        title: 'Mover fondos entre billeteras',
        content:
          '<p>Tu cuenta tiene cuatro billeteras: spot, apalancamiento, fiat y contratos por segundos.</p><p>Usa <b>Transferir</b> para mover monedas entre ellas al instante y sin coste.</p>',
      },
    },
  },

  // Help: trading rules and fees (19)
  {
    category: NEWS_CATEGORY.helpTrading,
    sorts: 1,
    hoursAgo: 190,
    texts: {
      en: {
        title: 'Trading fees',
        content:
          '<p>Spot trades pay a fee of 0.1% of the traded value. Leveraged contracts pay the fee shown on the order form before you confirm.</p><p>Deposits are free; withdrawals pay the network fee shown on the withdrawal page.</p>',
      },
      zh: {
        title: '交易手续费',
        content:
          '<p>币币交易按成交额收取 0.1% 手续费。杠杆合约的手续费会在确认前显示在下单表单中。</p><p>充值免费；提币收取提币页面显示的网络手续费。</p>',
      },
      hk: {
        title: '交易手續費',
        content:
          '<p>幣幣交易按成交額收取 0.1% 手續費。槓桿合約的手續費會在確認前顯示在下單表單中。</p><p>充值免費；提幣收取提幣頁面顯示的網絡手續費。</p>',
      },
      jp: {
        title: '取引手数料',
        content:
          '<p>現物取引の手数料は約定金額の0.1%です。レバレッジ取引の手数料は、確認前に注文画面に表示されます。</p><p>入金は無料です。出金には出金画面に表示されるネットワーク手数料がかかります。</p>',
      },
      kr: {
        title: '거래 수수료',
        content:
          '<p>현물 거래는 체결 금액의 0.1%를 수수료로 냅니다. 레버리지 계약 수수료는 확인 전에 주문 화면에 표시됩니다.</p><p>입금은 무료이며, 출금 시 출금 화면에 표시된 네트워크 수수료가 부과됩니다.</p>',
      },
      de: {
        title: 'Handelsgebühren',
        content:
          '<p>Spot-Trades kosten 0,1 % des Handelswerts. Für Hebelkontrakte wird die Gebühr vor der Bestätigung im Orderformular angezeigt.</p><p>Einzahlungen sind kostenlos; Auszahlungen kosten die auf der Auszahlungsseite angezeigte Netzwerkgebühr.</p>',
      },
      es: {
        title: 'Comisiones de trading',
        content:
          '<p>Las operaciones spot pagan una comisión del 0,1 % del valor negociado. En los contratos con apalancamiento, la comisión aparece en el formulario antes de confirmar.</p><p>Los depósitos son gratuitos; los retiros pagan la comisión de red indicada en la página de retiro.</p>',
      },
    },
  },
  {
    category: NEWS_CATEGORY.helpTrading,
    sorts: 2,
    hoursAgo: 189,
    texts: {
      en: {
        title: 'Leverage and seconds contracts',
        content:
          '<p><b>Leverage:</b> open a long or short position with a multiple; the margin is the contract value divided by the multiple. Set take-profit and stop-loss to limit risk.</p><p><b>Seconds contracts:</b> predict up or down over a chosen time. If you are right you earn the shown profit ratio; otherwise you lose the amount.</p>',
      },
      zh: {
        title: '杠杆与秒合约说明',
        content:
          '<p><b>杠杆：</b>按倍数开多或开空，保证金为合约价值除以倍数。设置止盈止损以控制风险。</p><p><b>秒合约：</b>预测所选时间内价格涨跌。预测正确可获得显示的收益率，否则损失投入金额。</p>',
      },
      hk: {
        title: '槓桿與秒合約說明',
        content:
          '<p><b>槓桿：</b>按倍數開多或開空，保證金為合約價值除以倍數。設置止盈止損以控制風險。</p><p><b>秒合約：</b>預測所選時間內價格漲跌。預測正確可獲得顯示的收益率，否則損失投入金額。</p>',
      },
      jp: {
        title: 'レバレッジと秒取引',
        content:
          '<p><b>レバレッジ：</b>倍率を選んでロングまたはショートを建てます。証拠金は契約価値を倍率で割った額です。利確・損切りを設定してリスクを抑えましょう。</p><p><b>秒取引：</b>選んだ時間内の上昇・下落を予測します。当たれば表示された利益率を獲得し、外れれば投資額を失います。</p>',
      },
      kr: {
        title: '레버리지와 초 계약',
        content:
          '<p><b>레버리지:</b> 배수를 선택해 롱 또는 숏 포지션을 엽니다. 증거금은 계약 가치를 배수로 나눈 금액입니다. 익절과 손절을 설정해 위험을 줄이세요.</p><p><b>초 계약:</b> 선택한 시간 동안 가격의 상승 또는 하락을 예측합니다. 맞으면 표시된 수익률을 받고, 틀리면 투자 금액을 잃습니다.</p>',
      },
      de: {
        title: 'Hebel- und Sekundenkontrakte',
        content:
          '<p><b>Hebel:</b> Eröffnen Sie eine Long- oder Short-Position mit einem Multiplikator; die Margin ist der Kontraktwert geteilt durch den Multiplikator. Setzen Sie Take-Profit und Stop-Loss, um das Risiko zu begrenzen.</p><p><b>Sekundenkontrakte:</b> Sagen Sie steigende oder fallende Kurse für eine gewählte Zeit voraus. Liegen Sie richtig, erhalten Sie die angezeigte Gewinnquote, sonst verlieren Sie den Einsatz.</p>',
      },
      es: {
        title: 'Apalancamiento y contratos por segundos',
        content:
          '<p><b>Apalancamiento:</b> abre una posición larga o corta con un multiplicador; el margen es el valor del contrato dividido por el multiplicador. Fija take-profit y stop-loss para limitar el riesgo.</p><p><b>Contratos por segundos:</b> predice si el precio sube o baja en el tiempo elegido. Si aciertas, ganas el porcentaje indicado; si no, pierdes el importe.</p>',
      },
    },
  },

  // Help: account and security (3)
  {
    category: NEWS_CATEGORY.helpAccount,
    sorts: 1,
    hoursAgo: 180,
    texts: {
      en: {
        title: 'Keeping your account secure',
        content:
          '<ul><li>Use a password of 6 to 16 characters with letters and digits, and do not reuse it elsewhere.</li><li>Never share verification codes. Our staff will never ask for them.</li><li>Log out on shared devices.</li></ul>',
      },
      zh: {
        title: '保护账户安全',
        content:
          '<ul><li>使用 6 到 16 位、包含字母和数字的密码，且不要在其他地方重复使用。</li><li>切勿泄露验证码，工作人员绝不会向您索要。</li><li>在共用设备上使用后请退出登录。</li></ul>',
      },
      hk: {
        title: '保護賬戶安全',
        content:
          '<ul><li>使用 6 到 16 位、包含字母和數字的密碼，且不要在其他地方重複使用。</li><li>切勿洩露驗證碼，工作人員絕不會向您索取。</li><li>在共用設備上使用後請登出。</li></ul>',
      },
      jp: {
        title: 'アカウントを安全に保つ',
        content:
          '<ul><li>英字と数字を含む6〜16文字のパスワードを使い、他で使い回さないでください。</li><li>認証コードは誰にも教えないでください。スタッフが尋ねることはありません。</li><li>共用の端末では必ずログアウトしてください。</li></ul>',
      },
      kr: {
        title: '계정 안전하게 지키기',
        content:
          '<ul><li>영문과 숫자를 포함한 6~16자 비밀번호를 사용하고 다른 곳에서 재사용하지 마세요.</li><li>인증 코드를 절대 공유하지 마세요. 직원은 절대 요청하지 않습니다.</li><li>공용 기기에서는 로그아웃하세요.</li></ul>',
      },
      de: {
        title: 'So schützen Sie Ihr Konto',
        content:
          '<ul><li>Verwenden Sie ein Passwort mit 6 bis 16 Zeichen aus Buchstaben und Ziffern und nutzen Sie es nirgends sonst.</li><li>Geben Sie Bestätigungscodes niemals weiter. Unsere Mitarbeiter fragen nie danach.</li><li>Melden Sie sich auf gemeinsam genutzten Geräten ab.</li></ul>',
      },
      es: {
        title: 'Mantén tu cuenta segura',
        content:
          '<ul><li>Usa una contraseña de 6 a 16 caracteres con letras y números, y no la reutilices en otros sitios.</li><li>Nunca compartas los códigos de verificación. Nuestro personal nunca te los pedirá.</li><li>Cierra sesión en dispositivos compartidos.</li></ul>',
      },
    },
  },
  {
    category: NEWS_CATEGORY.helpAccount,
    sorts: 2,
    hoursAgo: 179,
    texts: {
      en: {
        title: 'Forgot your password?',
        content:
          '<p>On the login page tap <b>Forgot password</b>, enter your email or phone number and request a code.</p><p>Enter the code, then choose a new password. For your safety you are logged out on every device.</p>',
      },
      zh: {
        title: '忘记密码？',
        content:
          '<p>在登录页点击<b>忘记密码</b>，输入邮箱或手机号并获取验证码。</p><p>输入验证码后设置新密码。为了您的安全，所有设备都会退出登录。</p>',
      },
      hk: {
        title: '忘記密碼？',
        content:
          '<p>在登入頁點擊<b>忘記密碼</b>，輸入郵箱或手機號並獲取驗證碼。</p><p>輸入驗證碼後設置新密碼。為了您的安全，所有設備都會登出。</p>',
      },
      jp: {
        title: 'パスワードをお忘れですか？',
        content:
          '<p>ログイン画面で<b>パスワードを忘れた</b>をタップし、メールアドレスまたは電話番号を入力してコードを請求します。</p><p>コードを入力して新しいパスワードを設定します。安全のため、すべての端末でログアウトされます。</p>',
      },
      kr: {
        title: '비밀번호를 잊으셨나요?',
        content:
          '<p>로그인 화면에서 <b>비밀번호 찾기</b>를 누르고 이메일 또는 휴대폰 번호를 입력해 코드를 요청하세요.</p><p>코드를 입력한 뒤 새 비밀번호를 설정하세요. 안전을 위해 모든 기기에서 로그아웃됩니다.</p>',
      },
      de: {
        title: 'Passwort vergessen?',
        content:
          '<p>Tippen Sie auf der Anmeldeseite auf <b>Passwort vergessen</b>, geben Sie E-Mail oder Telefonnummer ein und fordern Sie einen Code an.</p><p>Geben Sie den Code ein und wählen Sie ein neues Passwort. Zu Ihrer Sicherheit werden Sie auf allen Geräten abgemeldet.</p>',
      },
      es: {
        title: '¿Olvidaste tu contraseña?',
        content:
          '<p>En la página de inicio de sesión pulsa <b>Olvidé mi contraseña</b>, introduce tu correo o teléfono y solicita un código.</p><p>Introduce el código y elige una nueva contraseña. Por tu seguridad, se cerrará la sesión en todos los dispositivos.</p>',
      },
    },
  },
];
