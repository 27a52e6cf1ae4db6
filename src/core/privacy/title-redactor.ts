import type { PrivacyLedger } from './privacy-ledger';
import type { Redactor } from './redactor';

const REMEMBERED_TITLES = 128;

/**
 * Window titles with secrets replaced, for the observer's every poll: a title is redacted (and its
 * findings counted) when it appears, then remembered, so one window left open for an hour is one
 * redaction, not 3,600.
 */
export class TitleRedactor {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly redactor: () => Redactor,
    private readonly ledger: Pick<PrivacyLedger, 'redactions'>,
  ) {}

  title(raw: string, atMs: number): string {
    const known = this.known.get(raw);
    if (known !== undefined) {
      this.known.delete(raw);
      this.known.set(raw, known);
      return known;
    }
    const { text, counts, total } = this.redactor().redact(raw);
    if (total > 0) this.ledger.redactions('window-titles', counts, atMs);
    this.known.set(raw, text);
    if (this.known.size > REMEMBERED_TITLES) this.known.delete(this.known.keys().next().value!);
    return text;
  }
}
