import { Link } from '@/components/ui/link';
import { CALL_TO_ACTION } from '@/content/call-to-action';

export function CallToAction() {
  return (
    <section className="cta-strip" aria-labelledby="cta-heading">
      <div className="container cta-strip__inner">
        <div>
          <h2 id="cta-heading">{CALL_TO_ACTION.heading}</h2>
          <p>{CALL_TO_ACTION.text}</p>
        </div>
        <Link to={CALL_TO_ACTION.button.to} className="btn btn--primary btn--large">
          {CALL_TO_ACTION.button.label}
        </Link>
      </div>
    </section>
  );
}
