import type { Faq } from '@loupe/contract/portal';

/**
 * The FAQs of `/v2/faqs`, by category in the order the screen shows them. Written for buyers:
 * what each screen does, what KYC unlocks, and how holds, memos, bids and orders work at Loupe.
 */
const byCategory: Record<string, [question: string, answer: string][]> = {
  'Getting started': [
    [
      'What is Loupe?',
      'Loupe is the trade portal of Loupe Diamonds for professional buyers of loose polished diamonds. You can search our stock, bid on new arrivals and bid-to-buy stones, confirm stones, follow your orders and book appointments with your key account manager (KAM).',
    ],
    [
      'How do I take the guided tour again?',
      'The tour is offered on the dashboard at your first visit. Once your KYC is approved, open the Help menu in the top bar and choose "Take the tour" at any time, or "Restart tour" to see the welcome again. It shows you how to search, narrow the results with filters and act on a stone.',
    ],
    [
      'Who is my KAM?',
      'Your key account manager is your contact person at Loupe Diamonds. Their name, phone number and a WhatsApp link are in the KAM popup of the top bar; you can also ask for a callback from there.',
    ],
  ],
  'Account and KYC': [
    [
      'Why do I need to complete KYC?',
      'Know-your-customer checks are required in the diamond trade. Until your KYC is approved you can search stock, but prices stay hidden and you cannot confirm stones, place bids or book appointments.',
    ],
    [
      'How long does the KYC review take?',
      'We review a submitted KYC within 3 days. You get a notice as soon as it is approved, or your KAM contacts you if something is missing.',
    ],
    [
      'Which documents do I need?',
      'It depends on your country and whether you fill the form online or offline: usually company registration, tax registration, proof of address and the details of a bank account. The KYC screen lists exactly what your country needs.',
    ],
    [
      'How do I log out of every device?',
      'Open the profile menu in the top bar, choose Logout and pick "Log out from all devices". Every other session then asks to log in again.',
    ],
  ],
  'Searching stock': [
    [
      'How do I find a stone by its stock number or certificate?',
      'Type one or more stock numbers or certificate numbers into the search box of the top bar and press Enter. Choose the scope first: Stock Search, New Arrivals or Bid to Buy.',
    ],
    [
      'How do I narrow a search?',
      'On the Search screen pick shapes, a carat range, colours, clarities, cut grades, labs and locations. The button shows how many stones match before you search; under 300 stones the result is easy to compare.',
    ],
    [
      'Can I save a search?',
      'Yes. Use Save Search on the search form; your saved searches are under Bookmark in the side bar, where you can open, modify or rename them.',
    ],
    [
      'What are new arrivals?',
      'Stones certified within the last 24 hours. They are offered by daily bidding rounds before they reach the regular stock.',
    ],
    [
      'What does the discount mean?',
      "Every stone has a list price per carat from Loupe's price grid and a discount against it. A discount of -30% means the stone is offered 30% below its list price per carat.",
    ],
  ],
  Bidding: [
    [
      'How does bidding on new arrivals work?',
      'Each round ends at the time shown on the New Arrivals screen. Bid a discount above the offered one, in steps of 0.25; you may raise your bid but never lower it. At the close the highest bid wins and the stone is added to your pending invoices.',
    ],
    [
      'What happens when someone bids in the last minutes?',
      'A bid in the last 2 minutes before the end moves the end to 2 minutes after that bid, so everyone has the chance to answer.',
    ],
    [
      'What is Bid to Buy?',
      'A monthly event with a selection of stones at a floor below their usual discount. Bids are sealed: you see only your own bid. The highest bid on each stone wins when the event closes.',
    ],
  ],
  'Cart, holds and memo': [
    [
      'How many stones can my cart hold?',
      'Up to 300 stones. Your cart has tabs for active stones, stones on hold, stones on memo and stones sold.',
    ],
    [
      'What is a hold?',
      'Your KAM can hold a stone for you for a limited time so that nobody else can buy it. Held stones show in the Hold tab of your cart until the hold ends.',
    ],
    [
      'What is a memo?',
      'A stone sent to you on memorandum: you have it in hand to show or inspect and either buy it or return it. Memo stones show in the Memo tab of your cart and in your memo orders.',
    ],
    [
      'What does "Confirm Stone" do?',
      'It buys the selected stones at the price shown. We check that each stone is still available and priced as you saw it, then create your order; you can add a comment that appears on the invoice.',
    ],
  ],
  'Orders and invoices': [
    [
      'Where do I find my orders?',
      'Under Your Orders in the side bar: Pending (our sales team is processing them), In-transit (confirmed, invoice issued) and Past orders.',
    ],
    [
      'How do I download an invoice?',
      'Open the order under Your Orders and use the invoice download. You can also download the order as a spreadsheet of its stones.',
    ],
  ],
  Appointments: [
    [
      'How do I book an appointment?',
      'Once your KYC is approved, open My Appointments or select stones and choose Book Appointment. Pick a date, a free time slot and one of our offices, and add the reason of your visit.',
    ],
    [
      'Can my KAM call me back?',
      'Yes. In the KAM popup ask for a call now, or schedule one at a free slot of the next days.',
    ],
  ],
};

export const faqList: Faq[] = Object.entries(byCategory).flatMap(([category, entries], c) =>
  entries.map(([question, answer], i) => ({ id: `${c + 1}-${i + 1}`, category, question, answer })),
);
