/** The six fixed entries of "What Our Clients Say" (spec 2 and 3). */

export interface Testimonial {
  name: string;
  role: string;
  feedback: string;
  category: 'Web Development' | 'Creative Design' | 'Digital Marketing' | 'Web App Development';
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Adaeze Okafor',
    role: 'Founder, Marvel Marts',
    feedback:
      'We moved from Instagram orders to our own store in six weeks. Checkout works on every phone, delivery fees are clear and my team finally sleeps. Orders tripled before the festive season.',
    category: 'Web Development',
  },
  {
    name: 'Tunde Bakare',
    role: 'Sales Director, Ace Lubricant Limited',
    feedback:
      'Our new labels, flyers and website finally look like one brand. Distributors now take us as seriously as the big oil companies, and the batch-code checker has helped us fight fake products.',
    category: 'Creative Design',
  },
  {
    name: 'Funmilayo Adeyemi',
    role: 'Programme Lead, HopeRise Charity Foundation',
    feedback:
      'Their campaign for our back-to-school drive reached donors we had never met, in Lagos, London and Houston. We covered school fees for sixty children, and every naira is reported on our site.',
    category: 'Digital Marketing',
  },
  {
    name: 'Chinedu Eze',
    role: 'Co-founder, MyDuduke',
    feedback:
      'Rendezvous built our dating app from a sketch to thousands of members. Verification, messaging and subscriptions all work smoothly, and they still answer our calls on weekends when something needs attention.',
    category: 'Web App Development',
  },
  {
    name: 'Marcus Reed',
    role: 'Owner, Planet Laundromat',
    feedback:
      'The phone used to ring all day with the same two questions. Now customers check prices and book pickups on the website, and my staff can focus on the laundry. Fast, friendly and on budget.',
    category: 'Web Development',
  },
  {
    name: 'Ngozi Uche',
    role: 'Creative Director, Adire Lane Studio',
    feedback:
      'They understood our Yoruba textile heritage and turned it into a logo, packaging and lookbook that feel modern. Buyers at the Lagos trade fair asked who designed our brand. We are proud to send them here.',
    category: 'Creative Design',
  },
];
