/** Joins class names, skipping the empty ones: cx('btn', busy && 'btn-busy'). */
export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');
