import type { BlogPostData } from '../schemas';

/** The blog's articles as the site showed them before issue 22, newest first; bodies in Markdown. */
export const BLOG_POST_SEED: { slug: string; data: BlogPostData }[] = [
  {
    slug: 'why-your-website-feels-slow-on-mobile-data',
    data: {
      title: 'Why your website feels slow on MTN and Airtel, and how to fix it',
      summary:
        'Most of your visitors arrive on a mid-range Android phone over mobile data. Three habits make business sites slow there: photos straight from the camera, heavy fonts and scripts, and sliders on the first screen. Here is how to spot and fix each.',
      metaDescription:
        'Why business websites load slowly on MTN, Airtel and Glo mobile data, and how to fix photos, fonts, scripts and sliders so visitors stay.',
      body: `Open your website in the office, on a laptop and a fibre connection, and it feels quick. Your customers rarely see that version. Most of them arrive on a mid-range Android phone, on a 4G signal that drops to 3G in traffic or inside a market, and every megabyte you make them download is data they paid for.

## Test the way your customers browse

Before you change anything, measure. Google’s free PageSpeed Insights tool tests a page the way a mid-range phone on a slow mobile connection loads it, and lists what slows it down. Better still, borrow an inexpensive Android phone, turn off Wi-Fi and open your site in a fresh browser. Count the seconds until you can read the first sentence and tap the main button. If it takes more than three, you are losing people before they see what you sell.

## Habit 1: photos straight from the camera

The biggest cause we see is images. A photo from a modern phone or a stock site is often 3 to 5 MB and 4,000 pixels wide, shown in a box 400 pixels wide. The phone downloads all of it anyway. The fixes are routine for any developer:

- Resize each image to the largest size it is actually shown at, and give small screens a smaller copy.
- Save photos as WebP or AVIF instead of JPEG or PNG; the same picture is usually 25 to 50 percent lighter.
- Give every image its width and height, so the page does not jump about as pictures arrive.
- Let images further down the page load only when the visitor scrolls near them.

A banner image rarely needs more than 150 KB, and most pages fit in under 1 MB in total, photos included.

## Habit 2: heavy fonts and extra scripts

A custom font makes a brand feel right, but each weight and style is a separate download, often from a server on another domain. Choose two weights, host the files on your own site, and let text appear at once in a system font that switches when yours arrives.

Scripts cost more than images, because the phone must also run them. A chat widget, three analytics tags, an advertising pixel, a cookie banner and a page builder’s animation library can add up to more code than the page itself. List every outside script on your site and ask, for each one, who looks at what it collects. Remove the ones nobody uses and load the rest after the page has appeared.

## Habit 3: a slider on the first screen

Home-page sliders are popular with business owners and rarely with customers. The phone downloads every slide before it can show the first, few visitors wait for slide three, and text that moves is hard to read. Replace the slider with one strong image, one sentence that says what you do and for whom, and one button: Call us, Order now or Request a quote.

## What good looks like

A fast small-business page on mobile data shows readable text within two seconds and can be used within three. It weighs under 1 MB, asks few other websites for anything and keeps its layout still while it loads. None of this needs a new website: on most sites, these fixes take a developer a day or two.`,
      cover: null,
      author: 'the Rendezvous Digital team',
      date: '2026-10-28',
      category: 'Web Development',
      next: {
        text: 'Send us your website address and we will tell you the three changes that would make the biggest difference on mobile data.',
        label: 'Ask for a speed check',
        path: '/contact-7709327',
      },
    },
  },
  {
    slug: 'five-things-to-settle-before-you-hire-a-designer',
    data: {
      title: 'A logo is not a brand: five things to settle before you hire a designer',
      summary:
        'Who are your customers, what do you want them to feel, and where will they see you first? Answer these and your designer will get it right the first time.',
      metaDescription:
        'Before you pay for a logo, settle your customers, the feeling you want, where people see you, your competitors and your budget. A one-page brief.',
      body: `Many design briefs we receive say only: “We need a logo, something modern.” Three rounds of changes follow, because neither the client nor the designer knew what right would look like. A logo is only the signature of a brand. The brand is what people expect from you: how you sound, what you promise, what it feels like to buy from you. Settle these five things first and your designer can get the logo right in the first or second round, for less money.

## 1. Who exactly are your customers?

“Everybody” is not an answer. A bakery selling wedding cakes in Lekki and one supplying bread to kiosks in Mushin need very different looks, even in the same city. Describe two or three real customers: their age, their work, where they find you, what else they buy and why they chose you over the shop next door. If you sell to businesses, describe the person who approves the payment.

## 2. What should they feel, in three words?

Choose three words for the impression you want to leave, such as “trustworthy, modern, Nigerian” or “playful, affordable, quick”. These words settle most arguments about colours and fonts later. A law firm that wants to feel established should not end up with a bubbly script font because the owner liked it on a flyer.

## 3. Where will people see you first?

List every place your brand appears, most important first: a WhatsApp profile picture, an Instagram grid, a shop sign read from a passing danfo, a delivery bag, a receipt, a website on a small phone screen. The logo must still work at the size of a profile photo and in one colour on a rubber stamp. Thin lines and fine detail vanish in all of these places.

## 4. Who are you up against?

Collect the logos and pages of five competitors and look at them side by side. If they are all blue, a blue logo will disappear among them. Note what you admire and what you want to avoid, and share it with your designer. It saves a round of changes and shows you where there is room to stand out.

## 5. What do you need delivered, and what can you spend?

A logo file alone will not take you far. Decide what you need now and what can wait:

- the logo in colour, in black and in white, and a small version for profile pictures;
- a colour palette and one or two fonts, with a page on how to use them;
- business cards, social media templates and signage, if you need them now.

Agree who owns the final files, in which formats (an editable vector file, and PNGs for everyday use) and how many rounds of changes the price includes. A realistic budget stated up front lets a designer propose the right scope instead of guessing.

## A one-page brief is enough

Put your answers on one page: the business in two sentences, the customers, the three words, where the brand will appear, the competitors, what you need delivered, the budget and the deadline. With that page any good designer can start well, and you can judge their first ideas against something better than taste.`,
      cover: null,
      author: 'the Rendezvous Digital team',
      date: '2026-09-02',
      category: 'Creative Design',
      next: {
        text: 'Have your one-page brief ready? Send it with a quote request and our designers will reply within one working day.',
        label: 'Request a Quote',
        path: '/request-a-quote-0163863',
      },
    },
  },
  {
    slug: 'getting-found-on-google-maps-lagos',
    data: {
      title: 'Getting found on Google Maps: a checklist for Lagos shops',
      summary:
        'A complete Google Business Profile brings calls from people already nearby. Our step-by-step checklist covers the map pin, categories, opening hours, photos and reviews.',
      metaDescription:
        'A checklist for Lagos businesses to appear on Google Maps: verify your Business Profile, fix the pin, choose categories, add hours, photos and reviews.',
      body: `When someone in Ikeja searches for “phone repair near me” or “printing shop Ogba”, Google shows a map and three businesses before any website. Those three get most of the calls. Google says it ranks them by relevance (how well the profile matches the search), distance from the person searching, and prominence (how well known and well reviewed the business is). You cannot move your shop closer, but a free Google Business Profile lets you work on the rest.

## 1. Claim and verify your profile

Search for your business on Google Maps. If it is already there, perhaps added by a customer, claim it; if not, add it from Google’s Business Profile page. Google then checks that you really run it, most often by asking for a short video of your signboard, your premises and something only the manager would have, such as the keys or your tools. Until the profile is verified, your changes may not show.

## 2. Put the pin on your door

Lagos addresses confuse map apps: streets get renamed, numbers repeat, and many people navigate by landmarks. Drag the pin onto your actual entrance, not the middle of the road. Write the address the way a dispatch rider would need it, and mention a landmark everybody knows in your description. If you go to your customers and have no premises they can visit, hide the address and set the areas you serve instead.

## 3. Choose specific categories

Your main category decides most of the searches you can appear in, so be specific: “Mobile phone repair shop”, not “Store”. Add two or three more categories only for things you really do. Then list your products or services in the words customers type, including the local ones.

## 4. Hours, phone and WhatsApp

Nothing loses a customer faster than a locked door. Enter your real opening hours, including Saturday, and set special hours for public holidays such as Sallah, Independence Day and Christmas. Give a phone number that someone answers during those hours. If you take orders on WhatsApp, say so in your description, so people know they can message instead of calling.

## 5. Photos of what people will find

Add a photo of your shop front as it looks from the street, so people recognise it when they arrive, then the inside, your best products and your team at work. Take them in daylight, on a phone held sideways, without heavy filters. A few new photos each month show that the business is active.

## 6. Ask for reviews, and answer every one

Reviews are the signal you can influence most. After a good sale, ask the customer in person and send the review link from your profile by WhatsApp or SMS. Never buy reviews or write them yourself: Google removes them and may suspend the profile. Reply to every review, the bad ones included, politely and within a few days. Future customers read your reply more closely than the complaint.

## 7. Twenty minutes a month

Post an offer or a new product once or twice a month, answer the questions people ask on your profile, and check that nobody has suggested an edit that changed your hours or phone number. The profile works best beside a simple website that loads quickly on mobile data and shows the same name, address and phone number.`,
      cover: null,
      author: 'the Rendezvous Digital team',
      date: '2026-08-12',
      category: 'Digital Marketing',
      next: {
        text: 'Our digital marketing team can set up and look after your Business Profile and a fast website to go with it.',
        label: 'See our digital marketing service',
        path: '/digitalmarketing-3456789',
      },
    },
  },
];
