/* The work-item records the store keeps; understanding reads them off screens and writes them here. */

/**
 * The things a person works on, as they appear in window titles and screen text: a ticket or an
 * invoice number, a person with the role a label gives them, a company, an amount with its label, a
 * date, a server, a document, a link, a mail address, a chat channel.
 */
export const WORK_ITEM_KINDS = [
  'identifier',
  'person',
  'organization',
  'amount',
  'date',
  'host',
  'document',
  'link',
  'email',
  'channel',
] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

/** One item read on one line. */
export interface ExtractedItem {
  readonly kind: WorkItemKind;
  /** The same thing however it was written ("invoice:5102" for INV-5102 and Invoice 5102). */
  readonly key: string;
  /** As it reads on screen. */
  readonly name: string;
  /** What a label makes of it: a person's role ("from", "reported by", "attendees"), an identifier's family ("invoice", "INC"). */
  readonly role: string;
  /** An amount's or a date's label ("total due", "due date"); empty when none. */
  readonly label: string;
  /** A state seen with it ("resolved", "pending approval", "3 of 6"); empty when none. */
  readonly state: string;
  /** The line it was read on, at most `LINE_MAX` characters (understanding/work-item). */
  readonly line: string;
}
