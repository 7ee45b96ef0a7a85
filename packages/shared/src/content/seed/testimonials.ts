import type { TestimonialData } from '../schemas';

/** The six quotes of "What Our Clients Say" as the site showed them before issue 22, each given with consent. */
export const TESTIMONIAL_SEED: { slug: string; data: TestimonialData }[] = [
  {
    slug: 'adaeze-okafor',
    data: {
      quote:
        'We moved from Instagram orders to our own store in six weeks. Checkout works on every phone, delivery fees are clear and my team finally sleeps. Orders tripled before the festive season.',
      name: 'Adaeze Okafor',
      role: 'Founder, Marvel Marts',
      category: 'Web Development',
      consent: true,
    },
  },
  {
    slug: 'tunde-bakare',
    data: {
      quote:
        'Our new labels, flyers and website finally look like one brand. Distributors now take us as seriously as the big oil companies, and the batch-code checker has helped us fight fake products.',
      name: 'Tunde Bakare',
      role: 'Sales Director, Ace Lubricant Limited',
      category: 'Creative Design',
      consent: true,
    },
  },
  {
    slug: 'funmilayo-adeyemi',
    data: {
      quote:
        'Their campaign for our back-to-school drive reached donors we had never met, in Lagos, London and Houston. We covered school fees for sixty children, and every naira is reported on our site.',
      name: 'Funmilayo Adeyemi',
      role: 'Programme Lead, HopeRise Charity Foundation',
      category: 'Digital Marketing',
      consent: true,
    },
  },
  {
    slug: 'chinedu-eze',
    data: {
      quote:
        'Rendezvous built our dating app from a sketch to thousands of members. Verification, messaging and subscriptions all work smoothly, and they still answer our calls on weekends when something needs attention.',
      name: 'Chinedu Eze',
      role: 'Co-founder, MyDuduke',
      category: 'Web App Development',
      consent: true,
    },
  },
  {
    slug: 'marcus-reed',
    data: {
      quote:
        'The phone used to ring all day with the same two questions. Now customers check prices and book pickups on the website, and my staff can focus on the laundry. Fast, friendly and on budget.',
      name: 'Marcus Reed',
      role: 'Owner, Planet Laundromat',
      category: 'Web Development',
      consent: true,
    },
  },
  {
    slug: 'ngozi-uche',
    data: {
      quote:
        'They understood our Yoruba textile heritage and turned it into a logo, packaging and lookbook that feel modern. Buyers at the Lagos trade fair asked who designed our brand. We are proud to send them here.',
      name: 'Ngozi Uche',
      role: 'Creative Director, Adire Lane Studio',
      category: 'Creative Design',
      consent: true,
    },
  },
];
