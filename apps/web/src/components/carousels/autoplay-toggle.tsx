/** A visible pause/play control: moving content that lasts more than five seconds must be stoppable (WCAG 2.2.2). */
export function AutoplayToggle({
  playing,
  onToggle,
  label,
}: {
  playing: boolean;
  onToggle: () => void;
  label: string;
}) {
  return (
    <button type="button" className="carousel__toggle" onClick={onToggle}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        {playing ? (
          <path d="M4 3h3v10H4zM9 3h3v10H9z" fill="currentColor" />
        ) : (
          <path d="M4 2.5l9 5.5-9 5.5z" fill="currentColor" />
        )}
      </svg>
      {playing ? `Pause ${label}` : `Play ${label}`}
    </button>
  );
}
