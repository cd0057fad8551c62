import type { Q } from '../db';

/** A country for phone numbers: `area_code` is the calling code as digits ("1", "86"). */
export interface Country {
  country_id: number;
  area_code: string;
  name_cn: string;
  name_en: string;
}

/** [calling code, English name, Simplified Chinese name]. The first entry (+1) is the default. */
const DATA: ReadonlyArray<readonly [string, string, string]> = [
  ['1', 'United States', '美国'],
  ['1', 'Canada', '加拿大'],
  ['86', 'China', '中国'],
  ['852', 'Hong Kong', '中国香港'],
  ['853', 'Macau', '中国澳门'],
  ['886', 'Taiwan', '中国台湾'],
  ['81', 'Japan', '日本'],
  ['82', 'South Korea', '韩国'],
  ['65', 'Singapore', '新加坡'],
  ['60', 'Malaysia', '马来西亚'],
  ['66', 'Thailand', '泰国'],
  ['84', 'Vietnam', '越南'],
  ['63', 'Philippines', '菲律宾'],
  ['62', 'Indonesia', '印度尼西亚'],
  ['91', 'India', '印度'],
  ['92', 'Pakistan', '巴基斯坦'],
  ['880', 'Bangladesh', '孟加拉国'],
  ['94', 'Sri Lanka', '斯里兰卡'],
  ['977', 'Nepal', '尼泊尔'],
  ['95', 'Myanmar', '缅甸'],
  ['855', 'Cambodia', '柬埔寨'],
  ['856', 'Laos', '老挝'],
  ['673', 'Brunei', '文莱'],
  ['976', 'Mongolia', '蒙古'],
  ['7', 'Russia', '俄罗斯'],
  ['7', 'Kazakhstan', '哈萨克斯坦'],
  ['998', 'Uzbekistan', '乌兹别克斯坦'],
  ['996', 'Kyrgyzstan', '吉尔吉斯斯坦'],
  ['992', 'Tajikistan', '塔吉克斯坦'],
  ['993', 'Turkmenistan', '土库曼斯坦'],
  ['994', 'Azerbaijan', '阿塞拜疆'],
  ['995', 'Georgia', '格鲁吉亚'],
  ['374', 'Armenia', '亚美尼亚'],
  ['90', 'Turkey', '土耳其'],
  ['971', 'United Arab Emirates', '阿联酋'],
  ['966', 'Saudi Arabia', '沙特阿拉伯'],
  ['974', 'Qatar', '卡塔尔'],
  ['965', 'Kuwait', '科威特'],
  ['973', 'Bahrain', '巴林'],
  ['968', 'Oman', '阿曼'],
  ['962', 'Jordan', '约旦'],
  ['961', 'Lebanon', '黎巴嫩'],
  ['972', 'Israel', '以色列'],
  ['964', 'Iraq', '伊拉克'],
  ['98', 'Iran', '伊朗'],
  ['93', 'Afghanistan', '阿富汗'],
  ['20', 'Egypt', '埃及'],
  ['212', 'Morocco', '摩洛哥'],
  ['213', 'Algeria', '阿尔及利亚'],
  ['216', 'Tunisia', '突尼斯'],
  ['218', 'Libya', '利比亚'],
  ['234', 'Nigeria', '尼日利亚'],
  ['233', 'Ghana', '加纳'],
  ['254', 'Kenya', '肯尼亚'],
  ['255', 'Tanzania', '坦桑尼亚'],
  ['256', 'Uganda', '乌干达'],
  ['251', 'Ethiopia', '埃塞俄比亚'],
  ['27', 'South Africa', '南非'],
  ['263', 'Zimbabwe', '津巴布韦'],
  ['260', 'Zambia', '赞比亚'],
  ['244', 'Angola', '安哥拉'],
  ['258', 'Mozambique', '莫桑比克'],
  ['221', 'Senegal', '塞内加尔'],
  ['225', "Côte d'Ivoire", '科特迪瓦'],
  ['237', 'Cameroon', '喀麦隆'],
  ['250', 'Rwanda', '卢旺达'],
  ['261', 'Madagascar', '马达加斯加'],
  ['230', 'Mauritius', '毛里求斯'],
  ['44', 'United Kingdom', '英国'],
  ['353', 'Ireland', '爱尔兰'],
  ['33', 'France', '法国'],
  ['49', 'Germany', '德国'],
  ['39', 'Italy', '意大利'],
  ['34', 'Spain', '西班牙'],
  ['351', 'Portugal', '葡萄牙'],
  ['31', 'Netherlands', '荷兰'],
  ['32', 'Belgium', '比利时'],
  ['352', 'Luxembourg', '卢森堡'],
  ['41', 'Switzerland', '瑞士'],
  ['43', 'Austria', '奥地利'],
  ['45', 'Denmark', '丹麦'],
  ['46', 'Sweden', '瑞典'],
  ['47', 'Norway', '挪威'],
  ['358', 'Finland', '芬兰'],
  ['354', 'Iceland', '冰岛'],
  ['48', 'Poland', '波兰'],
  ['420', 'Czech Republic', '捷克'],
  ['421', 'Slovakia', '斯洛伐克'],
  ['36', 'Hungary', '匈牙利'],
  ['40', 'Romania', '罗马尼亚'],
  ['359', 'Bulgaria', '保加利亚'],
  ['30', 'Greece', '希腊'],
  ['385', 'Croatia', '克罗地亚'],
  ['386', 'Slovenia', '斯洛文尼亚'],
  ['381', 'Serbia', '塞尔维亚'],
  ['387', 'Bosnia and Herzegovina', '波斯尼亚和黑塞哥维那'],
  ['389', 'North Macedonia', '北马其顿'],
  ['355', 'Albania', '阿尔巴尼亚'],
  ['382', 'Montenegro', '黑山'],
  ['370', 'Lithuania', '立陶宛'],
  ['371', 'Latvia', '拉脱维亚'],
  ['372', 'Estonia', '爱沙尼亚'],
  ['380', 'Ukraine', '乌克兰'],
  ['375', 'Belarus', '白俄罗斯'],
  ['373', 'Moldova', '摩尔多瓦'],
  ['357', 'Cyprus', '塞浦路斯'],
  ['356', 'Malta', '马耳他'],
  ['377', 'Monaco', '摩纳哥'],
  ['52', 'Mexico', '墨西哥'],
  ['55', 'Brazil', '巴西'],
  ['54', 'Argentina', '阿根廷'],
  ['56', 'Chile', '智利'],
  ['57', 'Colombia', '哥伦比亚'],
  ['51', 'Peru', '秘鲁'],
  ['58', 'Venezuela', '委内瑞拉'],
  ['593', 'Ecuador', '厄瓜多尔'],
  ['591', 'Bolivia', '玻利维亚'],
  ['595', 'Paraguay', '巴拉圭'],
  ['598', 'Uruguay', '乌拉圭'],
  ['506', 'Costa Rica', '哥斯达黎加'],
  ['507', 'Panama', '巴拿马'],
  ['502', 'Guatemala', '危地马拉'],
  ['503', 'El Salvador', '萨尔瓦多'],
  ['504', 'Honduras', '洪都拉斯'],
  ['505', 'Nicaragua', '尼加拉瓜'],
  ['53', 'Cuba', '古巴'],
  ['61', 'Australia', '澳大利亚'],
  ['64', 'New Zealand', '新西兰'],
  ['679', 'Fiji', '斐济'],
  ['675', 'Papua New Guinea', '巴布亚新几内亚'],
];

export const COUNTRIES: readonly Country[] = DATA.map(([area_code, name_en, name_cn], i) => ({
  country_id: i + 1,
  area_code,
  name_cn,
  name_en,
}));

export const DEFAULT_AREA_CODE = '1';

export async function listCountries(q: Q): Promise<Country[]> {
  return q
    .selectFrom('countries')
    .select(['country_id', 'area_code', 'name_cn', 'name_en'])
    .orderBy('sorts')
    .orderBy('country_id')
    .execute();
}

/** The calling code of a country id from the list, if it exists. */
export async function areaCodeOfCountry(q: Q, countryId: number): Promise<string | undefined> {
  if (!Number.isSafeInteger(countryId)) return undefined;
  const row = await q
    .selectFrom('countries')
    .select('area_code')
    .where('country_id', '=', countryId)
    .executeTakeFirst();
  return row?.area_code;
}
