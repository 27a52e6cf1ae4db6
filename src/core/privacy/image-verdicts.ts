/**
 * What OCR found in each screenshot, so a vision model only gets images whose text was read and had
 * nothing to redact: an image cannot be redacted like text. Keyed by the frame's buffer (the same
 * object goes from the observer to OCR and into the LLM context), held weakly so frames still go.
 */
export class ImageVerdicts {
  private readonly verdicts = new WeakMap<Buffer, 'clean' | 'sensitive'>();

  /** OCR read the image; `sensitive` when redaction replaced anything in its text. */
  judge(image: Buffer, sensitive: boolean): void {
    this.verdicts.set(image, sensitive ? 'sensitive' : 'clean');
  }

  verdict(image: Buffer): 'clean' | 'sensitive' | 'unchecked' {
    return this.verdicts.get(image) ?? 'unchecked';
  }
}
