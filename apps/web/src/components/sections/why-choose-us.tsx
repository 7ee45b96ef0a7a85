import { WHY_CHOOSE_US } from '@/content/why-choose-us';
import { TitledSection } from './titled-section';

export function WhyChooseUs() {
  return (
    <TitledSection id="why-choose-us" heading={WHY_CHOOSE_US.heading} intro={WHY_CHOOSE_US.intro} tint>
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
    </TitledSection>
  );
}
