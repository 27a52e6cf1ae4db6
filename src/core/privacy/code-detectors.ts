import type { Detector, Finding } from './findings';

/**
 * PINs and one-time codes after their labels, in the languages redaction knows (English, German,
 * French, Spanish, Portuguese, Dutch): `PIN 4821`, `one-time code: 512 804`, `Your verification code
 * is 482913`, `Bestätigungscode: 123456`, `TAN 123456`, and the text messages that put the code first
 * (`482913 is your login code`). A code is digits, perhaps in two or three groups, perhaps after one
 * letter and a dash (`G-482913`); the label is kept, the digits go. A bare "code" needs at least four
 * digits and a separator, and no qualifier that makes it harmless (`Zip code: 94103`).
 */
const SECRET_CODE_LABELS = [
  // English
  String.raw`(?:one[- ]?time|verification|security|confirmation|access|auth(?:entication|orization)?|log[- ]?in|sign[- ]?in|2fa|mfa|sms|otp|pin)[ -]?(?:code|number|pin)`,
  String.raw`one[- ]?time pass(?:word|code)`,
  'otp',
  'pin',
  'passcode',
  // German
  String.raw`(?:best[äa]tigungs|bestaetigungs|sicherheits|verifizierungs|zugangs|anmelde|einmal|pin|sms)code`,
  String.raw`einmal(?:passwort|kennwort)`,
  'geheimzahl',
  // French
  String.raw`code (?:pin|secret|de (?:v[ée]rification|confirmation|s[ée]curit[ée]|validation)|d['’]acc[èe]s|[àa] usage unique)`,
  String.raw`mot de passe [àa] usage unique`,
  // Spanish and Portuguese
  String.raw`c[óo]digo (?:pin|de (?:verificaci[óo]n|verifica[çc][ãa]o|seguridad|seguran[çc]a|confirmaci[óo]n|confirma[çc][ãa]o|acceso|acesso))`,
  'clave',
  // Dutch
  String.raw`(?:verificatie|beveiligings|bevestigings|toegangs|inlog|pin|sms)code`,
  'eenmalige code',
].join('|');
/** Card security codes: three or four digits. */
const CARD_CODE_LABELS = String.raw`cvv2?|cvc2?|csc`;
/** A bare "code" names many harmless things: it is a secret only when set apart (`Code: 4821`) and not qualified as one of these. */
const HARMLESS_CODE_QUALIFIERS = new Set(
  (
    'zip postal post area country error status exit return response http promo promotion promotional discount coupon ' +
    'product item article tax source iso currency language region dial dialling dialing bar qr color colour hs sic naics ' +
    'sort swift bic branch bank routing cost account gl ledger vat tracking reference ref order invoice customer client ' +
    'vendor supplier project department dept job part sku serial model style class course airport station zone'
  ).split(' '),
);

const SEPARATOR = String.raw`[ \t]*(?:[:=#]|(?:is|est|es|ist|lautet|é)(?![\p{L}]))?[ \t]*:?[ \t]*`;
const SET_APART = String.raw`[ \t]*(?:[:=#]|(?:is|est|es|ist|lautet|é)(?![\p{L}]))[ \t]*:?[ \t]*`;
const CODE_VALUE = String.raw`((?:[A-Za-z]-)?\d{3,8}(?:[ -]\d{2,4}){0,2})(?![\p{L}\p{N}]|[.,]\d)`;

const LABELLED_CODE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(${SECRET_CODE_LABELS})${SEPARATOR}|(${CARD_CODE_LABELS})${SEPARATOR}|(?:([\p{L}]+)[ -])?(code|c[óo]digo)${SET_APART})${CODE_VALUE}`,
  'giu',
);
const CODE_FIRST = new RegExp(
  String.raw`(?<![\p{L}\p{N}-])((?:[A-Za-z]-)?(?:\d{3,4}[ -]\d{3,4}|\d{4,8}))[ \t]+(?:is|est|ist|es|é)[ \t]+(?:your|votre|ton|ihr|dein|tu|su|seu|o seu|je|uw)[ \t]+(?:[\p{L}\p{N}-]+[ \t]+){0,3}?(?:[\p{L}]*code|pin|otp|pass(?:word|wort)|c[óo]digo|senha|mot de passe|kennwort|wachtwoord|contrase[ñn]a|tan|clave)(?![\p{L}])`,
  'giu',
);
// German banking's transaction numbers: `TAN`, `mTAN`, `pushTAN` in capitals (a lower-case "tan" is a word).
const TAN = /(?<![\p{L}\p{N}])(?:m|push|sms|chip|photo|i)?TAN(?:-Nummer)?[ \t]*[:=]?[ \t]*(\d{6}|\d{3}[ -]\d{3})(?![\p{L}\p{N}])/gu;

const digitCount = (value: string): number => value.replace(/\D/g, '').length;

function finding(m: RegExpMatchArray, value: string): Finding {
  const start = m.index! + m[0].length - value.length;
  return { start, end: start + value.length, kind: 'password' };
}

/** PINs, one-time codes, transaction numbers and card security codes after (or before) their labels (→ `[password]`). */
export const detectLabelledCodes: Detector = (text) => {
  const findings: Finding[] = [];
  for (const m of text.matchAll(LABELLED_CODE)) {
    const [, secretLabel, cardLabel, qualifier, bareLabel, value] = m as unknown as (string | undefined)[];
    const digits = digitCount(value!);
    if (cardLabel !== undefined ? digits > 4 : digits < (secretLabel === undefined ? 4 : 3) || digits > 12) continue;
    if (bareLabel !== undefined && qualifier !== undefined && HARMLESS_CODE_QUALIFIERS.has(qualifier.toLowerCase())) continue;
    findings.push(finding(m, value!));
  }
  for (const m of text.matchAll(CODE_FIRST)) findings.push({ start: m.index, end: m.index + m[1]!.length, kind: 'password' });
  for (const m of text.matchAll(TAN)) findings.push(finding(m, m[1]!));
  return findings;
};
