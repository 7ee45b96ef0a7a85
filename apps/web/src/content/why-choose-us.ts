/** The shared Why Choose Us block: six points of spec 1, in the spec's order. */
export const WHY_CHOOSE_US = {
  heading: 'Why Choose Us',
  intro: 'Businesses across Lagos and beyond trust us with their online presence. Here is why they stay.',
  points: [
    {
      title: 'Experience and expertise',
      text: 'Years of shipping websites, apps and campaigns for schools, churches, retailers, logistics firms and startups.',
    },
    {
      title: 'Innovative and creative',
      text: 'Fresh ideas grounded in what works for Nigerian customers, not templates copied from elsewhere.',
    },
    {
      title: 'Client-centric approach',
      text: 'You speak to the people doing the work, get honest advice and see progress every week.',
    },
    {
      title: 'Timely delivery',
      text: 'Clear milestones agreed at the start, and we keep to them. Most business websites launch in four to six weeks.',
    },
    {
      title: 'Affordable pricing',
      text: 'Transparent quotes in naira with flexible payment stages, so quality is within reach of growing businesses.',
    },
    {
      title: '24/7 support',
      text: 'Something broken at midnight before a launch? Send a WhatsApp message and someone will pick it up.',
    },
  ],
} as const;
