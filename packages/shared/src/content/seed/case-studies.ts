import type { CaseStudyData } from '../schemas';

/** The nine portfolio case studies as the site showed them before issue 22, in the order of the portfolio page and the home carousel. */
export const CASE_STUDY_SEED: { slug: string; data: CaseStudyData }[] = [
  {
    slug: 'planetlaundromat',
    data: {
      title: 'Planet Laundromat: a website that books wash-and-fold pickups',
      client: 'Planet Laundromat',
      services: 'Web Design & Development',
      date: 'March 2025',
      location: 'Houston, Texas, USA',
      summary:
        'Planet Laundromat is a family-run laundromat with 40 self-service machines and a busy wash-and-fold service. Customers kept calling to ask about prices and opening hours, and pickups were booked by text message. We built a fast, mobile-first website where customers see prices and hours at a glance and book a pickup in under a minute.',
      metaDescription:
        'How we built Planet Laundromat a mobile-first website with live opening hours, an editable price list and online wash-and-fold pickup booking.',
      mockup: {
        src: '/images/cases/planetlaundromat.svg',
        width: 1200,
        height: 800,
        alt: 'Planet Laundromat website in a desktop browser and on a phone: a turquoise header, a pickup booking button and a row of price cards.',
      },
      challenges: [
        {
          challenge: 'Staff spent hours every day answering calls about prices and opening hours.',
          solution:
            'We put the price list and today’s hours at the top of the home page, with an “Open now” badge that follows the shop’s schedule.',
        },
        {
          challenge: 'Wash-and-fold pickups were booked by text message, and some were lost.',
          solution:
            'We built an online pickup form for address, time slot and number of bags. Each booking is e-mailed to the shop and confirmed to the customer.',
        },
        {
          challenge: 'The laundromat did not show up when neighbours searched for a laundromat nearby.',
          solution:
            'We added local business structured data, linked the Google Business Profile and wrote a page for each neighbourhood they collect from.',
        },
        {
          challenge: 'The old site took six seconds to load on a phone.',
          solution:
            'We rebuilt it lean: compressed images, no heavy plugins and cached pages. It now loads in under two seconds on 4G.',
        },
        {
          challenge: 'Changing a price or a promotion meant waiting for a developer.',
          solution:
            'We gave the owner a simple editor for prices, opening hours and promotions, and trained the team in one short session.',
        },
        {
          challenge: 'Gyms and salons wanted bulk laundry service but had nowhere to ask.',
          solution: 'We added a business accounts page with a quote request form that goes straight to the manager.',
        },
      ],
      results: [
        'Calls about prices and hours down by about 60% in the first two months',
        'Over 140 wash-and-fold pickups booked online in the first quarter',
        'Home page loads in under 2 seconds on a mid-range phone on 4G',
        'Top-three map result for “laundromat near me” in their neighbourhood',
        'Four local gyms and salons signed up for weekly bulk laundry',
      ],
      websiteUrl: 'https://planetlaundromat.com',
      websiteLabel: 'Visit website',
    },
  },
  {
    slug: 'acelubricant',
    data: {
      title: 'Ace Lubricant: a product catalogue that recruits distributors',
      client: 'Ace Lubricant Limited',
      services: 'Web Design & Development',
      date: 'November 2024',
      location: 'Ota, Ogun State, Nigeria',
      summary:
        'Ace Lubricant blends engine oils, gear oils and greases in Ota and sells them to distributors and mechanics across the South-West. Their range lived in a PDF price list and their brand looked dated next to the multinationals. We refreshed the brand and built a searchable catalogue, a batch-code checker against fakes and a distributor application form.',
      metaDescription:
        'How we gave Ace Lubricant, an Ogun State lubricant blender, a searchable product catalogue, a batch-code checker against fakes and a distributor sign-up.',
      mockup: {
        src: '/images/cases/acelubricant.svg',
        width: 1200,
        height: 800,
        alt: 'Ace Lubricant website in a desktop browser and on a phone: a charcoal header with yellow accents and a grid of oil product cards.',
      },
      challenges: [
        {
          challenge: 'More than 40 products were listed only in a PDF price list that was always out of date.',
          solution:
            'We built a searchable catalogue that filters by vehicle type, viscosity grade and pack size, managed by the sales team.',
        },
        {
          challenge: 'Distributors asked for technical data sheets on WhatsApp, one by one.',
          solution:
            'Every product page now offers its technical and safety data sheets as small downloads that open on any phone.',
        },
        {
          challenge: 'Counterfeit packs in open markets were hurting the brand.',
          solution:
            'We built a batch-code checker: a buyer types the code printed on the pack and the site confirms whether it is genuine.',
        },
        {
          challenge: 'There was no way to recruit distributors outside Ogun State.',
          solution:
            'A distributor application form asks for state, warehouse size and monthly volume, and sends each application to the right sales manager.',
        },
        {
          challenge: 'The brand looked dated next to international oil companies.',
          solution:
            'We refreshed the identity with a bold yellow-on-charcoal palette, clean product labels and a consistent icon set.',
        },
        {
          challenge: 'Mechanics browse from workshops with weak network coverage.',
          solution: 'We kept every page light, under 300 KB, so the catalogue opens quickly even on a 3G connection.',
        },
      ],
      results: [
        '37 distributor applications in three months, 11 now active in Oyo, Osun, Ekiti and Lagos',
        'Batch codes checked more than 2,000 times, exposing two counterfeit batches',
        'Data sheet requests on WhatsApp down by about 70%',
        'Catalogue pages load in under 2.5 seconds on 3G',
        'One brand identity used across the website, packs, trucks and flyers',
      ],
      websiteUrl: 'https://acelubricant.com',
      websiteLabel: 'Visit website',
    },
  },
  {
    slug: 'hoperisecharity',
    data: {
      title: 'HopeRise Charity: online giving and open accounts',
      client: 'HopeRise Charity Foundation',
      services: 'Web Design & Development',
      date: 'August 2025',
      location: 'Abeokuta, Ogun State, Nigeria',
      summary:
        'HopeRise Charity Foundation pays school fees, runs feeding days and teaches trades to children and widows in Ogun State. Donors abroad found it hard to give, and their stories were buried on Facebook. We built a warm, transparent site with donations in naira, dollars and pounds, project reports and volunteer sign-up.',
      metaDescription:
        'How we built HopeRise Charity Foundation in Ogun State a website with online donations, transparent project reports and volunteer sign-up.',
      mockup: {
        src: '/images/cases/hoperisecharity.svg',
        width: 1200,
        height: 800,
        alt: 'HopeRise Charity website in a desktop browser and on a phone: a warm orange and green design with a donation progress bar and a donate button.',
      },
      challenges: [
        {
          challenge: 'Donors in the diaspora could not give easily.',
          solution:
            'The donation page takes one-off and monthly gifts through Paystack, in naira by transfer or card, and in dollars or pounds by card.',
        },
        {
          challenge: 'Donors wanted to see where their money went.',
          solution:
            'Each project page shows its budget, progress, receipts and photos, and annual reports can be downloaded.',
        },
        {
          challenge: 'Volunteers offered help on social media and were forgotten.',
          solution:
            'A volunteer form records skills and availability, and the coordinator contacts each volunteer within a week.',
        },
        {
          challenge: 'Stories of the people they help were lost in Facebook feeds.',
          solution:
            'We added a stories section, published with each family’s consent, that trustees update themselves.',
        },
        {
          challenge: 'The charity had a small budget for hosting and upkeep.',
          solution:
            'We kept the build lean, with low hosting costs and no paid plugins, so trustees manage it without a monthly retainer.',
        },
        {
          challenge: 'Supporters missed outreach days and fundraising events.',
          solution: 'An outreach calendar and a newsletter sign-up keep supporters informed a month ahead.',
        },
      ],
      results: [
        'N4,200,000 raised online in the first five months',
        'Donations received from six countries',
        '85 volunteers registered, with 30 at the last outreach day',
        'School fees covered for 60 children this session',
        'Newsletter list grown to 1,100 supporters',
      ],
      websiteUrl: 'https://hoperisecharity.org',
      websiteLabel: 'Visit website',
    },
  },
  {
    slug: 'marvelmarts',
    data: {
      title: 'Marvel Marts: from Instagram orders to a full online store',
      client: 'Marvel Marts',
      services: 'E-commerce Website',
      date: 'July 2025',
      location: 'Ikeja, Lagos, Nigeria',
      summary:
        'Marvel Marts sells groceries, home essentials and gadgets to families across Lagos. Orders came in through Instagram messages, and mistakes and missed orders were piling up. We built their own online store with card, transfer and USSD payments, delivery fees by zone and an order dashboard the whole team works from.',
      metaDescription:
        'How we moved Marvel Marts, a Lagos online store, from Instagram orders to its own e-commerce site with Paystack checkout and delivery zones.',
      mockup: {
        src: '/images/cases/marvelmarts.svg',
        width: 1200,
        height: 800,
        alt: 'Marvel Marts online store in a desktop browser and on a phone: a purple header, a promotion banner and a grid of product tiles with prices.',
      },
      challenges: [
        {
          challenge: 'Orders were taken in Instagram messages, so some were missed and others were wrong.',
          solution:
            'We built a complete store with cart, checkout and order tracking. Every order lands in one dashboard with its status.',
        },
        {
          challenge: 'Shoppers hesitated to pay a new brand online.',
          solution:
            'We added Paystack card, transfer and USSD payments, pay on delivery for returning customers and a plain-English returns policy.',
        },
        {
          challenge: 'Delivery fees were agreed at the door, which caused arguments.',
          solution:
            'Checkout now calculates the fee by zone (Mainland, Island, Lekki–Ajah) and shows the delivery window before payment.',
        },
        {
          challenge: 'Stock on Instagram never matched what was in the warehouse.',
          solution:
            'Stock counts update with every sale, sold-out items hide themselves and the team gets a low-stock alert each morning.',
        },
        {
          challenge: 'Many shoppers filled a cart and never paid.',
          solution:
            'Carts are saved, and shoppers who opt in get a friendly reminder by e-mail or WhatsApp a few hours later.',
        },
        {
          challenge: 'Product pages were heavy on mobile data.',
          solution:
            'We serve compressed WebP images and load product grids as the shopper scrolls; the home page weighs under 1 MB.',
        },
      ],
      results: [
        'Over 3,200 orders in the first four months',
        'Checkout completion up from 41% to 68%',
        'Delivery-fee disputes almost gone after zone pricing',
        '22% of abandoned carts recovered by reminders',
        'Order entry cut from four hours a day to under one',
      ],
      websiteUrl: 'https://marvelmarts.com',
      websiteLabel: 'Visit website',
    },
  },
  {
    slug: 'myduduke',
    data: {
      title: 'MyDuduke: a safe Christian dating platform',
      client: 'MyDuduke',
      services: 'Web App Development',
      date: 'September 2024',
      location: 'London, United Kingdom',
      summary:
        'MyDuduke is a dating platform for Christian singles in the UK and the African diaspora. The founders wanted matches built on faith and values, and a community that feels safe from the first message. We designed and built the web app: verified profiles, values-based matching, moderated messaging and subscriptions.',
      metaDescription:
        'How we built MyDuduke, a UK Christian dating web app with verified profiles, values-based matching, safe messaging and subscriptions.',
      mockup: {
        src: '/images/cases/myduduke.svg',
        width: 1200,
        height: 800,
        alt: 'MyDuduke dating app in a desktop browser and on a phone: a deep rose header, profile cards with round photos and a match button.',
      },
      challenges: [
        {
          challenge: 'Fake profiles and romance scammers drive members away from dating sites.',
          solution:
            'Members verify with an ID and a selfie before they can message. Verified profiles carry a badge, and every profile has report and block buttons.',
        },
        {
          challenge: 'Members wanted matches based on faith and values, not just photos.',
          solution:
            'Profiles ask about denomination, church life and what members value in a partner, and each suggestion shows a match score.',
        },
        {
          challenge: 'First conversations had to feel safe.',
          solution:
            'In-app messaging flags phone numbers and money requests in early chats and sends them to a moderator before delivery.',
        },
        {
          challenge: 'The business needed income in pounds without locking everyone out.',
          solution:
            'We set up monthly and quarterly subscriptions with Stripe, plus a free tier with a limited number of messages.',
        },
        {
          challenge: 'Personal data had to be handled under UK GDPR.',
          solution:
            'Members manage consent, download their data and delete their account themselves; the privacy policy was written with the founders’ adviser.',
        },
        {
          challenge: 'Most members use the service on their phones.',
          solution:
            'We built a mobile-first web app that installs on the home screen and sends a notification for each new message.',
        },
      ],
      results: [
        'Over 4,500 members signed up in the first six months',
        'Fake-profile reports down by about 80% after verification launched',
        '9% of members on a paid plan by month six',
        'Average session of 11 minutes on mobile',
        'Seven couples have shared their engagement stories',
      ],
      websiteUrl: 'https://myduduke.com',
      websiteLabel: 'Visit website',
    },
  },
  {
    slug: 'follyslobyng-1093563',
    data: {
      title: 'Follyslob Nigeria: shipment tracking for a Lagos logistics firm',
      client: 'Follyslob Nigeria Limited',
      services: 'Corporate Website & Web App',
      date: 'June 2025',
      location: 'Apapa, Lagos, Nigeria',
      summary:
        'Follyslob Nigeria moves containers from Apapa and Tin Can ports and delivers parcels across Lagos. Their customer service line was jammed with “where is my shipment?” calls, and their website did not show the size of the operation. We built a corporate site that wins contracts and a tracking system that dispatchers update from their phones.',
      metaDescription:
        'How we built Follyslob Nigeria, a Lagos haulage and delivery firm, a corporate website with waybill tracking and a mobile dispatch panel.',
      mockup: {
        src: '/images/cases/follyslobyng-1093563.svg',
        width: 1200,
        height: 800,
        alt: 'Follyslob Nigeria website in a desktop browser and on a phone: a navy and red design with a waybill search and a shipment progress tracker.',
      },
      challenges: [
        {
          challenge: 'Customers called all day to ask where their shipments were.',
          solution:
            'A tracking page shows the status and each milestone of a shipment from its waybill number, from port release to delivery.',
        },
        {
          challenge: 'The old website did not show the capacity needed to win corporate contracts.',
          solution:
            'We wrote service pages for haulage, warehousing and last-mile delivery, with fleet size, coverage map and certifications.',
        },
        {
          challenge: 'Quote requests arrived by phone, e-mail and WhatsApp and were hard to follow up.',
          solution:
            'One quote form asks for route, cargo type and weight, and sends each request to the right desk with a reference number.',
        },
        {
          challenge: 'Dispatchers had to update statuses from the yard on weak networks.',
          solution:
            'We built a mobile dispatch panel with large buttons that saves updates offline and sends them when the signal returns.',
        },
        {
          challenge: 'Recruiting reliable drivers took weeks of phone calls.',
          solution:
            'A careers page takes driver applications with licence details and shortlists them for the fleet manager.',
        },
      ],
      results: [
        '“Where is my shipment?” calls down by half',
        'Tracking pages viewed about 9,000 times a month',
        'Quote requests tripled in the first quarter',
        'Two new FMCG distribution contracts won after the relaunch',
        '120 driver applications in the first month',
      ],
      websiteUrl: 'https://follyslobyng.com',
      websiteLabel: 'Visit website',
    },
  },
  {
    slug: 'moplimoservices',
    data: {
      title: 'MOP Limo Services: instant quotes and online booking',
      client: 'MOP Limo Services',
      services: 'Web Design & Development',
      date: 'January 2025',
      location: 'Chicago, Illinois, USA',
      summary:
        'MOP Limo Services drives airport transfers, weddings and corporate trips across Chicagoland. Every quote was given by phone, so enquiries that came in after hours were lost to ride apps. We built a polished site with an instant quote calculator, a fleet gallery and online booking with deposits.',
      metaDescription:
        'How we built MOP Limo Services, a Chicago chauffeur company, a website with instant quotes, a fleet gallery and online booking with deposits.',
      mockup: {
        src: '/images/cases/moplimoservices.svg',
        width: 1200,
        height: 800,
        alt: 'MOP Limo Services website in a desktop browser and on a phone: a black and gold design, a quote form and cards for sedans, SUVs and limousines.',
      },
      challenges: [
        {
          challenge: 'Customers could only get a price by calling during office hours.',
          solution:
            'An instant quote calculator prices each trip from pickup, drop-off, vehicle class and hours, at any time of day.',
        },
        {
          challenge: 'The fleet was not shown well enough to justify premium prices.',
          solution:
            'We built a fleet gallery of sedans, SUVs and stretch limousines, with passenger and luggage capacity for each.',
        },
        {
          challenge: 'Airport pickups went wrong when flights were delayed.',
          solution:
            'The booking form asks for the flight number, so dispatch can follow the arrival and the chauffeur is there when the guest lands.',
        },
        {
          challenge: 'Wedding bookings needed deposits, which were collected by cheque.',
          solution:
            'Customers now pay a deposit online when they book, and the balance invoice is sent automatically a week before the date.',
        },
        {
          challenge: 'Ride-hailing apps were taking the airport business.',
          solution:
            'We led the design with punctuality, licensed chauffeurs and real reviews, and wrote pages for airport and wedding searches.',
        },
        {
          challenge: 'Corporate clients wanted monthly billing.',
          solution: 'We added a corporate account request form and a page explaining monthly invoicing for companies.',
        },
      ],
      results: [
        'Online bookings reached 55% of all rides within three months',
        'Enquiry to confirmed booking cut from hours to under 10 minutes',
        'Every Saturday of the 2025 wedding season booked by April',
        'Page one of Google for three airport-transfer searches',
        'Five companies opened corporate accounts',
      ],
      websiteUrl: 'https://moplimoservices.com',
      websiteLabel: 'Visit website',
    },
  },
  {
    slug: 'elfrenllc',
    data: {
      title: 'Elfren LLC: a professional site that wins service contracts',
      client: 'Elfren LLC',
      services: 'Web Design & Development',
      date: 'October 2025',
      location: 'Atlanta, Georgia, USA',
      summary:
        'Elfren LLC provides commercial cleaning and property maintenance for offices and rental homes in metro Atlanta. They were winning jobs by word of mouth but losing bigger contracts to firms that looked more established online. We built a professional site with clear services, proof of insurance and an online estimate scheduler.',
      metaDescription:
        'How we built Elfren LLC, an Atlanta cleaning and property maintenance company, a website with a service finder and online estimate booking.',
      mockup: {
        src: '/images/cases/elfrenllc.svg',
        width: 1200,
        height: 800,
        alt: 'Elfren LLC website in a desktop browser and on a phone: a slate blue and green design with service cards and an estimate booking form.',
      },
      challenges: [
        {
          challenge: 'The company looked small next to bigger competitors.',
          solution:
            'We designed a clean, confident brand and added proof on every page: insurance, certifications and before-and-after photos.',
        },
        {
          challenge: 'Estimates were arranged over the phone, often after days of missed calls.',
          solution:
            'An online scheduler takes property type, square footage and a preferred date, and adds the visit to the team calendar.',
        },
        {
          challenge: 'With many services on offer, visitors did not know where to start.',
          solution:
            'A service finder asks one question, office, rental home or retail space, and shows only the services that fit.',
        },
        {
          challenge: 'Good reviews were scattered across several platforms.',
          solution:
            'We collected reviews, with each client’s permission, into one section on the home page and the service pages.',
        },
        {
          challenge: 'Most income came from one-off jobs.',
          solution:
            'We wrote pages for monthly maintenance plans with clear prices, so property managers can sign up for recurring service.',
        },
      ],
      results: [
        'Estimate requests up from about 8 to 30 a month',
        'Three property managers signed recurring maintenance contracts',
        'Bounce rate down from 71% to 38%',
        'Lighthouse performance score of 98 on mobile',
      ],
      websiteUrl: 'https://elfrenllc.com',
      websiteLabel: 'Visit website',
    },
  },
  {
    slug: 'stpaulwithststephen',
    data: {
      title: 'St Paul with St Stephen: one welcoming website for a joined parish',
      client: 'St Paul with St Stephen Church',
      services: 'Web Design & Development',
      date: 'April 2024',
      location: 'England, United Kingdom',
      summary:
        'St Paul with St Stephen is a parish formed from two churches, and it still had two old websites with different service times. We brought everything into one accessible site: service times for both buildings, weekly notices, a sermon archive, online giving with Gift Aid and hall hire enquiries.',
      metaDescription:
        'How we built St Paul with St Stephen, a UK parish church, one accessible website with service times, sermons, online giving and hall hire.',
      mockup: {
        src: '/images/cases/stpaulwithststephen.svg',
        width: 1200,
        height: 800,
        alt: 'St Paul with St Stephen church website in a desktop browser and on a phone: a deep purple header, an arched window motif and a list of service times.',
      },
      challenges: [
        {
          challenge: 'Two old websites showed different service times for the same parish.',
          solution:
            'We built one site with one calendar and a clear page for each church building, so every time is listed once.',
        },
        {
          challenge: 'Older members found the old sites hard to read and navigate.',
          solution: 'We used large type, strong contrast and a short menu, and checked every page against WCAG 2.1 AA.',
        },
        {
          challenge: 'Regular givers had no way to give online.',
          solution:
            'A secure giving page takes one-off and monthly gifts and records Gift Aid declarations for the treasurer.',
        },
        {
          challenge: 'Members who could not attend missed Sunday services.',
          solution:
            'We added a livestream page for Sunday mornings and a sermon archive searchable by speaker and Bible book.',
        },
        {
          challenge: 'Hall hire enquiries came by phone to volunteers.',
          solution: 'A hall hire page shows free dates and takes enquiries that go straight to the parish office.',
        },
        {
          challenge: 'Volunteers needed to update notices without technical help.',
          solution:
            'The parish office edits weekly notices and events in a simple editor; we trained two volunteers to do it.',
        },
      ],
      results: [
        'Weekly notices published online every Friday by the parish office',
        'Online giving reached 30% of regular donations within six months',
        'Hall hire enquiries doubled in the first year',
        'Every page passes WCAG 2.1 AA checks',
        'More than 80 sermons in the searchable archive',
      ],
      websiteUrl: 'https://stpaulwithststephen.org.uk',
      websiteLabel: 'Visit website',
    },
  },
];
