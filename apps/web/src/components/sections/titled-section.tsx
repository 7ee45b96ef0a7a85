import type { ReactNode } from 'react';

export interface TitledSectionProps {
  /** Prefix of the heading's id, which also names the section for assistive technology. */
  id: string;
  heading: string;
  intro?: string;
  tint?: boolean;
  children: ReactNode;
}

/** A page section with its h2 heading and optional intro line: the frame every content band of the site shares. */
export function TitledSection({ id, heading, intro, tint = false, children }: TitledSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section className={tint ? 'section section--tint' : 'section'} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className="section__heading">
          {heading}
        </h2>
        {intro && <p className="section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
