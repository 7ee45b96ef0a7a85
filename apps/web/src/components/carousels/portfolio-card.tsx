import type { PortfolioItem } from '@/content/portfolio';
import { HOME } from '@/content/home';

/** One project: image, title and a View Project link that opens the case page in a new tab (spec 2). */
export function PortfolioCard({ item }: { item: PortfolioItem }) {
  return (
    <article className="portfolio-card">
      <img src={item.img} alt={item.alt} width={600} height={400} loading="lazy" decoding="async" />
      <div className="portfolio-card__body">
        <h3 className="portfolio-card__title">{item.title}</h3>
        <a className="btn btn--secondary" href={item.url} target="_blank" rel="noopener">
          {HOME.portfolio.viewProject}
          <span className="visually-hidden">: {item.title} (opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}
