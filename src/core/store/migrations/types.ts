export interface Migration {
  /** Schema version this migration brings the database to; versions only go up. */
  readonly version: number;
  readonly name: string;
  readonly up: string;
}
