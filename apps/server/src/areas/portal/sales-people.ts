/** The sales people a new customer can name when registering ("Referred by Salesperson"), keyed 101+. */
export const salesPeople = [
  'Aarav Mehta',
  'Sofie Janssens',
  'Daniel Cohen',
  'Priya Shah',
  'Lucas Peeters',
  'Noa Levi',
  'Rohan Desai',
  'Emma Claes',
  'Omar Haddad',
  'Kavya Patel',
  'Thomas Wouters',
  'Yael Friedman',
  'Vikram Jain',
  'Laura Maes',
  'Ahmed Al Mansoori',
  'Meera Kothari',
  'Jonas Verhoeven',
  'Ariel Ben-David',
  'Nisha Gandhi',
  'Michael Rosen',
].map((name, i) => ({ key: String(101 + i), name }));

export function isReferralCode(code: string): boolean {
  return salesPeople.some((p) => p.key === code);
}
