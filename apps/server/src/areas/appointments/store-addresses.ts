/**
 * Loupe's stores, where a customer meets their KAM (domain-facts §7: the form shows the first
 * store address). A KAM receives customers at the stores of their own location.
 */
const STORES: Record<string, readonly string[]> = {
  IND: [
    'Loupe Diamonds, BW 4021, Bharat Diamond Bourse, Bandra Kurla Complex, Mumbai 400051, India',
    'Loupe Diamonds, 7th Floor, Surat Diamond Bourse, Khajod, Surat 395007, India',
  ],
  BEL: ['Loupe Diamonds, Hoveniersstraat 30, Office 512, 2018 Antwerp, Belgium'],
  USA: ['Loupe Diamonds, 580 Fifth Avenue, Suite 1210, New York, NY 10036, USA'],
  DUB: ['Loupe Diamonds, Almas Tower, Office 2704, Jumeirah Lakes Towers, Dubai, UAE'],
  ISR: ['Loupe Diamonds, Israel Diamond Exchange, Maccabi Building, Office 1418, Ramat Gan 52521, Israel'],
  HK: ['Loupe Diamonds, Unit 1203, Peninsula Square, 18 Sung On Street, Hung Hom, Hong Kong'],
};

/** The stores of the KAM's location, the one they sit at first. */
export function storeAddressesOf(location: string): readonly string[] {
  return STORES[location] ?? STORES.IND!;
}
