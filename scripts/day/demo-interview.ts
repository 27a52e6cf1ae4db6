/** Onboarding answers for the demo persona (question → answer), written to profiles/demo/interview.json. */
export const DEMO_INTERVIEW: Record<string, string> = {
  'What is your name?': 'Dana Whitfield',
  'What is your role?': 'Accounts payable specialist',
  'Which team are you on, and who do you report to?': 'Finance operations at Contoso Ltd; I report to Maria Chen, the finance manager.',
  'Which systems do you use every day?':
    'Excel (Ledger 2026.xlsx and Q3 Budget.xlsx), NetSuite for vendor bills, the Northwind Bank business portal, Outlook (dana@example.com), Slack #finance, Adobe Acrobat for invoice PDFs, 1Password for logins.',
  'What are you responsible for?':
    'Entering and approving vendor bills, scheduling vendor payments, reconciling the AP ledger against the bank account, and tracking spend against the quarterly budget.',
  'What recurring tasks do you do, and how often?':
    "Daily: process invoices from the AP inbox into NetSuite. Daily: match yesterday's bank transactions to the ledger. Weekly (Friday): payment run. Monthly: close the AP ledger. Quarterly: budget variance review with department owners.",
  'Who do you work with most?':
    'Maria Chen (finance manager), Raj Patel (IT, budget owner), vendors such as Acme Supplies and Globex Logistics.',
  'Which apps or windows must never be observed?': '1Password and any private browser window.',
  'What would you most like help with?':
    'Less copying between the bank portal and the ledger during reconciliation, and a reminder when an invoice is approved but not yet scheduled for payment.',
};
