import type { ReactNode } from 'react';

export interface PageHeroProps {
  eyebrow?: string;
  heading: string;
  intro?: ReactNode;
  illustration?: { src: string; width: number; height: number; alt: string };
  children?: ReactNode;
}

/** The blue banner that opens every inner page: the page's one h1, a short intro and an SVG illustration. */
export function PageHero(props: PageHeroProps) {
  return (
    <section className="page-hero">
      <PageHeroContent {...props} />
    </section>
  );
}

/** What is inside the banner, for a page that draws the banner's section itself (as a ServerRenderedIsland). */
export function PageHeroContent({ eyebrow, heading, intro, illustration, children }: PageHeroProps) {
  return (
    <div className={`container page-hero__inner${illustration ? ' page-hero__inner--split' : ''}`}>
      <div className="page-hero__text">
        {eyebrow && <p className="eyebrow eyebrow--light">{eyebrow}</p>}
        <h1>{heading}</h1>
        {intro && <div className="page-hero__intro">{intro}</div>}
        {children}
      </div>
      {illustration && (
        <img
          className="page-hero__art"
          src={illustration.src}
          width={illustration.width}
          height={illustration.height}
          alt={illustration.alt}
          fetchPriority="high"
        />
      )}
    </div>
  );
}
