export interface Frame {
  readonly id: number;
  readonly at: number;
  readonly app: string;
  readonly title: string;
  readonly hash: string;
  /** Grayscale thumbnail the dedup and change detection compare. */
  readonly thumb: Buffer;
  readonly width: number;
  readonly height: number;
  /** Encoded screenshot; kept in memory only unless the user turned on "keep screenshots". */
  readonly image: Buffer;
}

export type ChangeKind = 'app-switch' | 'title-change' | 'visual-change';

export interface SignificantChange {
  readonly at: number;
  readonly kind: ChangeKind;
  readonly description: string;
}
