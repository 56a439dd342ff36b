/**
 * The few icons the terminal uses, drawn inline: no icon font to load, no glyph a system font
 * might lack, and nothing the content security policy has to allow.
 */
const paths = {
  up: 'M8 3l5 6H9.5v4h-3V9H3z',
  down: 'M8 13L3 7h3.5V3h3v4H13z',
  copy: 'M5 1.5h7.5A1.5 1.5 0 0 1 14 3v8.5h-1.5V3H5zM2 5a1.5 1.5 0 0 1 1.5-1.5H10A1.5 1.5 0 0 1 11.5 5v8.5A1.5 1.5 0 0 1 10 15H3.5A1.5 1.5 0 0 1 2 13.5zm1.5 0v8.5H10V5z',
  close: 'M3.5 2.4L8 6.9l4.5-4.5 1.1 1.1L9.1 8l4.5 4.5-1.1 1.1L8 9.1l-4.5 4.5-1.1-1.1L6.9 8 2.4 3.5z',
} as const;

export function Icon({ name }: { name: keyof typeof paths }) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
