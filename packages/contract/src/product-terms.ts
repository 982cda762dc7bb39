import type { ProductCategory } from './catalog.js';

// Issue 28: what a listing must say besides its price (Consumer Protection (E-Commerce) Rules 2020).
// No zod here: the web app's product sheet and form take these constants without the schemas.

// ISO 3166-1 alpha-2, the 249 assigned codes. A product's country of origin is kept as its code and
// named in the reader's language by the browser (Intl.DisplayNames), so no list of names is shipped.
const CODES = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ
BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR
CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`;

export const COUNTRY_CODES: readonly string[] = CODES.split(/\s+/);

/**
 * Days after delivery a product may be returned for any reason, by category, unless the seller says
 * otherwise. 0: beauty is opened and used, so it goes back only damaged, wrong or not as described
 * (the Rules forbid refusing those).
 */
export const CATEGORY_RETURN_DAYS: Record<ProductCategory, number> = { fashion: 7, jewelry: 7, electronics: 7, home: 7, beauty: 0, sports: 7 };
/** What a seller may choose: no returns, or one of these windows. */
export const RETURN_DAY_CHOICES = [0, 7, 10, 15, 30] as const;
/** Within how many days an item that came damaged, wrong or not as described goes back, whatever the policy (RETURN_WINDOW_DAYS's default). */
export const DEFECT_RETURN_DAYS = 7;
export const returnDaysOf = (product: { returnDays: number | null; category: ProductCategory }) => product.returnDays ?? CATEGORY_RETURN_DAYS[product.category];
