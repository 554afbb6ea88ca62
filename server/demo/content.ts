// Demo prizes and testimonials. Amounts are illustrative, in integer cents as stored.

/** Default prize table (betslip_sid null): correct picks → amount. */
export const DEMO_PRIZES: Array<{ prizeType: number; amountCents: number }> = [
  { prizeType: 14, amountCents: 250_000_00 },
  { prizeType: 13, amountCents: 25_000_00 },
  { prizeType: 12, amountCents: 2_500_00 },
  { prizeType: 7, amountCents: 50_00 },
  { prizeType: 6, amountCents: 20_00 },
];

export interface DemoTestimonial {
  lang: 'st' | 'en';
  imgUrl: string;
  name: string;
  occupation: string;
  text: string;
}

// The same three winners in both languages; the Sesotho is written for Lesotho (Lesotho orthography:
// 'li-', 'ho', 'oa').
export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    lang: 'st',
    imgUrl: '/testimonials/palesa.svg',
    name: 'Palesa Letsie',
    occupation: 'Tichere, Maseru',
    text: 'Ke hapile M 2,500 ka likhetho tse 12 tse nepahetseng. Ka chelete eo ke ile ka rekela bana ba ka liaparo tsa sekolo.',
  },
  {
    lang: 'st',
    imgUrl: '/testimonials/thabo.svg',
    name: 'Thabo Mokhethi',
    occupation: 'Mokhanni oa tekesi, Leribe',
    text: 'Ke bapala beke le beke ka mohala oa ka, esita le ha marang-rang a fokola. Ho bonolo ebile hoa thabisa!',
  },
  {
    lang: 'st',
    imgUrl: '/testimonials/mamello.svg',
    name: "'Mamello Ntšekhe",
    occupation: 'Mohoebi, Mafeteng',
    text: 'Ke ne ke sa lumele hore nka hapa, empa ke fumane M 50 ka papali ea ka ea pele. Joale ke khetha lipapali tsohle ka hloko.',
  },
  {
    lang: 'en',
    imgUrl: '/testimonials/palesa.svg',
    name: 'Palesa Letsie',
    occupation: 'Teacher, Maseru',
    text: 'I won M 2,500 with 12 correct picks. With that money I bought my children their school uniforms.',
  },
  {
    lang: 'en',
    imgUrl: '/testimonials/thabo.svg',
    name: 'Thabo Mokhethi',
    occupation: 'Taxi driver, Leribe',
    text: 'I play every week on my phone, even when the network is weak. It is simple and it is fun!',
  },
  {
    lang: 'en',
    imgUrl: '/testimonials/mamello.svg',
    name: "'Mamello Ntšekhe",
    occupation: 'Trader, Mafeteng',
    text: 'I did not believe I could win, but I got M 50 on my very first slip. Now I choose every match with care.',
  },
];

/** Betslip parameters of demo betslips: default price, pick limits and fee multipliers. The limits let
 * every reduced system fit (R-8-0-27: 8 triples; R-0-7-16: 7 doubles), with room for one more double. */
export const DEMO_BETSLIP_PARAMS = {
  defaultBetslipPrice: 2,
  thirdChance: 8,
  multipleChance: 10,
  feePerSecond: 2,
  feePerThird: 3,
};
