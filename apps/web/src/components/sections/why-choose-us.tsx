import { WHY_CHOOSE_US } from '@/content/why-choose-us';

export function WhyChooseUs() {
  return (
    <section className="section section--tint" aria-labelledby="why-choose-us-heading">
      <div className="container">
        <h2 id="why-choose-us-heading" className="section__heading">
          {WHY_CHOOSE_US.heading}
        </h2>
        <p className="section__intro">{WHY_CHOOSE_US.intro}</p>
        <ul className="grid grid--3 why-list">
          {WHY_CHOOSE_US.points.map((point, index) => (
            <li key={point.title} className="why-list__item">
              <span className="why-list__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
