export interface BlogPostTeaser {
  title: string;
  date: string;
  category: string;
  readingMinutes: number;
  excerpt: string;
}

export const BLOG = {
  title: 'Blog',
  metaDescription:
    'Practical advice on websites, e-commerce, branding and digital marketing for Nigerian businesses, from the Rendezvous Digital team in Lagos.',
  intro: 'Practical notes from our studio in Ogba: what we learn building for Nigerian businesses, shared freely.',
  posts: [
    {
      title: 'Why your website feels slow on MTN and Airtel, and how to fix it',
      date: '2026-10-28',
      category: 'Web Development',
      readingMinutes: 6,
      excerpt:
        'Most visitors reach your site on a mid-range Android phone over mobile data. We measured twenty Lagos business sites and found three habits that cost them customers: giant images, slow fonts and sliders on the first screen.',
    },
    {
      title: 'Paystack, Flutterwave or bank transfer? Choosing payments for your online store',
      date: '2026-09-30',
      category: 'E-commerce',
      readingMinutes: 5,
      excerpt:
        'Each option has different fees, settlement times and customer trust. Here is how we help clients decide, with real numbers from stores we run.',
    },
    {
      title: 'A logo is not a brand: five things to settle before you hire a designer',
      date: '2026-09-02',
      category: 'Creative Design',
      readingMinutes: 4,
      excerpt:
        'Who are your customers, what do you want them to feel, and where will they see you first? Answer these and your designer will get it right the first time.',
    },
    {
      title: 'Getting found on Google Maps: a checklist for Lagos shops',
      date: '2026-08-12',
      category: 'Digital Marketing',
      readingMinutes: 5,
      excerpt:
        'A complete Google Business Profile brings calls from people already nearby. Our step-by-step checklist covers photos, categories, opening hours and reviews.',
    },
    {
      title: 'From student to freelancer: what our training graduates did next',
      date: '2026-07-20',
      category: 'Training',
      readingMinutes: 7,
      excerpt:
        'Three graduates of our web and graphic design classes share how they landed their first paying clients, and what they wish they had known on day one.',
    },
  ] satisfies BlogPostTeaser[],
};
