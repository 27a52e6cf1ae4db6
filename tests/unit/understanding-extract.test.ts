import { describe, expect, it } from 'vitest';
import { extractWorkItems } from '../../src/core/understanding/extract-work-items';
import { fieldsOf } from '../../src/core/understanding/extract/fields';
import { stateClass } from '../../src/core/understanding/work-item';

/** `kind:name[role]{label}<state>` for each item, the way the tests below read them. */
const read = (title: string, text = ''): string[] =>
  extractWorkItems(title, text).map(
    (i) => `${i.kind}:${i.name}${i.role ? `[${i.role}]` : ''}${i.label ? `{${i.label}}` : ''}${i.state ? `<${i.state}>` : ''}`,
  );
const keys = (title: string, text = ''): string[] => extractWorkItems(title, text).map((i) => `${i.kind}:${i.key}`);

describe('work items of titles and screen text, by general rules', () => {
  it('reads identifiers of any family, one record however it is written', () => {
    expect(keys('INV-4471 - Ledger', 'Invoice 4471 from a vendor\nInvoice-4471.pdf attached\nPO #7789, order no. 55-1093')).toEqual(
      expect.arrayContaining(['identifier:invoice:4471', 'identifier:purchase order:7789', 'identifier:order:55-1093']),
    );
    expect(keys('', 'INV-4471 and Invoice 4471 and INVOICE 4471').filter((k) => k.includes('4471'))).toEqual(['identifier:invoice:4471']);
    expect(read('[OPS-1187] Checkout times out - Jira')).toContain('identifier:OPS-1187[OPS]');
    expect(read('', 'PR #482 merged; see issue #77')).toEqual(
      expect.arrayContaining(['identifier:PR #482[pull request]<merged>', 'identifier:issue #77[issue]']),
    );
    expect(read('', 'Requisition REQ-2209 and Matter 2024-0113')).toEqual(
      expect.arrayContaining(['identifier:REQ-2209[requisition]', 'identifier:Matter 2024-0113[matter]']),
    );
    // Units, quarters, years and clock times are no records.
    expect(keys('', 'Q3 2026 budget, ISO-9001, order 3 chairs at 10:30, FY2026')).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^identifier:/)]),
    );
  });

  it('gives people the role a label or a sentence gives them, and companies their own kind', () => {
    const items = read(
      'Ticket OPS-1187',
      [
        'Reported By: Maria Chen Assigned To: Priya Nair Status: In Progress',
        'Attendees: Tom Becker, Ana Ruiz and Omar Haddad',
        'From: Lena Fischer <lena.fischer@brightpath.example>',
        'escalated by Sam Lee',
        'Candidate: Jo Park Interviewer: Eve Moss',
        'Customer: Harbor Foods Carrier: Swift Freight',
        'Raj Patel 10:05 AM',
        'Bill to: Contoso Ltd, Accounts Payable',
        'Hello Dana,',
      ].join('\n'),
    );
    expect(items).toEqual(
      expect.arrayContaining([
        'person:Maria Chen[reported by]',
        'person:Priya Nair[assigned to]',
        'person:Tom Becker[attendees]',
        'person:Ana Ruiz[attendees]',
        'person:Omar Haddad[attendees]',
        'person:Lena Fischer[from]',
        'email:lena.fischer@brightpath.example[from]',
        'person:Sam Lee[escalated by]',
        'person:Jo Park[candidate]',
        'person:Eve Moss[interviewer]',
        'organization:Harbor Foods[customer]',
        'organization:Swift Freight[carrier]',
        'person:Raj Patel[wrote]',
        'organization:Contoso Ltd[bill to]',
        'person:Dana[greeted]',
      ]),
    );
    expect(items.filter((i) => i.startsWith('person:Accounts'))).toEqual([]);
    expect(items.filter((i) => /status|in progress/i.test(i))).toEqual(['identifier:OPS-1187[ticket]<in progress>']);
  });

  it('keeps amounts and dates with their labels, and a table row’s name for its figures', () => {
    expect(read('', 'Amount due: $12,480.00 Due date: March 20, 2026 PO 7789')).toEqual(
      expect.arrayContaining(['amount:$12,480.00{amount due}', 'date:March 20, 2026{due date}']),
    );
    expect(read('', 'Total due 12,480.00')).toEqual(['amount:12,480.00{total due}']);
    expect(read('', 'IT Services 240,000 251,300 -11,300')).toEqual(
      expect.arrayContaining(['amount:-11,300{it services}', 'amount:240,000{it services}']),
    );
    expect(read('', 'Pickup window: 2:00-4:00 PM')).toEqual(['date:2:00-4:00 PM{pickup window}']);
    // A percentage is a figure of its own, named by the words before it, never a part of another.
    expect(read('', 'Late fee (1.5 %, monthly) -$36.00')).toEqual(
      expect.arrayContaining(['amount:1.5%{late fee}', 'amount:-$36.00{late fee}']),
    );
    // A chat line's clock time is when it was written, not a figure of the work.
    expect(read('', 'Raj Patel 10:05 AM').filter((i) => i.startsWith('date:') || i.startsWith('amount:'))).toEqual([]);
  });

  it('finds hosts, links, documents and channels', () => {
    const items = keys(
      'deploy@prod-web-02: ~/shop - Terminal',
      'ssh db@10.0.4.12\ncurl https://api.shop.internal/health\nsee Q3 Budget.xlsx and src/cart/checkout.ts in #payments',
    );
    expect(items).toEqual(
      expect.arrayContaining([
        'host:prod-web-02',
        'host:10.0.4.12',
        'host:api.shop.internal',
        'link:api.shop.internal/health',
        'document:q3 budget.xlsx',
        'document:checkout.ts',
        'channel:#payments',
      ]),
    );
    expect(keys('Offer letter - Jo Park - Google Docs')).toContain('document:offer letter - jo park');
    expect(items).not.toContain('email:db@10.0.4.12');
  });

  it('keeps the state seen with a record: a status column, a "Status:" line under it, a sentence about it, a count not yet full', () => {
    expect(read('', 'VB-1043 Acme 2026-03-20 12,480.00 Pending Approval')).toContain('identifier:VB-1043[bill]<pending approval>');
    expect(read('INC-2231 Checkout - ServiceNow', 'Priority: High\nStatus: Resolved')).toContain('identifier:INC-2231[incident]<resolved>');
    expect(read('', 'Invoice 4471 is approved in NetSuite, payment scheduled Friday.')).toContain(
      'identifier:Invoice 4471[invoice]<approved>',
    );
    expect(read('Ledger 2026.xlsx - Excel', 'Matched to bank: 3 of 6')).toContain('document:Ledger 2026.xlsx<matched to bank: 3 of 6>');
    // Buttons are not states; "assigned to" is a role; a date is not a count.
    expect(read('', 'Approve Reject Hold')).toEqual([]);
    expect(read('', 'INV-4471 matched to ACH 03/10')).toContain('identifier:INV-4471[invoice]');
    expect(stateClass('pending approval')).toBe('waiting');
    expect(stateClass('matched to bank: 3 of 6'.split(': ')[1]!)).toBe('open');
    expect(stateClass('Resolved')).toBe('done');
    expect(stateClass('no-show')).toBe('declined');
    expect(stateClass('Booked')).toBe('scheduled');
  });

  it('tells several "Label: value" fields of one OCR line apart', () => {
    expect(fieldsOf('Amount due: $12,480.00 Due date: March 20, 2026')).toEqual([
      { label: 'Amount due', value: '$12,480.00', index: 0 },
      { label: 'Due date', value: 'March 20, 2026', index: 23 },
    ]);
    expect(fieldsOf('Raj Patel 10:05 AM')).toEqual([]);
    expect(fieldsOf('see https://example.com/x')).toEqual([]);
  });
});
