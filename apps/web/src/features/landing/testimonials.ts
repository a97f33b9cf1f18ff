export type Gender = 'male' | 'female';

export type Testimonial = { name: string; text: string; gender: Gender; trip: string };

/** Spec §1: three testimonials, each with a name, text and gender (the gender picks the avatar). */
export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Priya Sharma',
    gender: 'female',
    trip: 'Whitefield to Terminal 1',
    text: 'I fly to Delhi twice a month for work. Sharing the cab with someone on the same flight window cut my airport fare in half.',
  },
  {
    name: 'Arjun Nair',
    gender: 'male',
    trip: 'Terminal 2 to Koramangala',
    text: 'Landed at 1 AM and found a co-passenger heading my way within minutes. The in-app chat made meeting at the pickup point easy.',
  },
  {
    name: 'Meera Iyer',
    gender: 'female',
    trip: 'Jayanagar to Terminal 2',
    text: 'As a student, splitting the fare on every trip home matters. I like that riders can verify their phone numbers before we travel together.',
  },
];
