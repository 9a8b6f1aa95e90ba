/** Inline SVG icons: no icon font, nothing fetched. Decorative unless given a label. */
type IconProps = { className?: string };
const svg = (path: React.ReactNode, viewBox = '0 0 24 24') =>
  function Icon({ className }: IconProps) {
    return (
      <svg className={className ?? 'icon'} viewBox={viewBox} aria-hidden="true" focusable="false">
        {path}
      </svg>
    );
  };

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const CloseIcon = svg(<path {...stroke} d="M6 6l12 12M18 6L6 18" />);
export const MenuIcon = svg(<path {...stroke} d="M4 7h16M4 12h16M4 17h16" />);
export const BackIcon = svg(<path {...stroke} d="M15 5l-7 7 7 7" />);
export const SearchIcon = svg(
  <>
    <circle {...stroke} cx="11" cy="11" r="6.5" />
    <path {...stroke} d="M20 20l-4.2-4.2" />
  </>,
);
export const CartIcon = svg(
  <>
    <path {...stroke} d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
    <circle cx="9.5" cy="20" r="1.4" fill="currentColor" />
    <circle cx="17.5" cy="20" r="1.4" fill="currentColor" />
  </>,
);
export const ChevronDownIcon = svg(<path {...stroke} d="M6 9l6 6 6-6" />);
export const ChevronLeftIcon = svg(<path {...stroke} d="M15 6l-6 6 6 6" />);
export const ChevronRightIcon = svg(<path {...stroke} d="M9 6l6 6-6 6" />);
export const UserIcon = svg(
  <>
    <circle {...stroke} cx="12" cy="8" r="4" />
    <path {...stroke} d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </>,
);
export const CarIcon = svg(
  <>
    <path {...stroke} d="M5 16h14v-4l-2-5H7l-2 5z" />
    <circle cx="8" cy="16.5" r="1.6" fill="currentColor" />
    <circle cx="16" cy="16.5" r="1.6" fill="currentColor" />
  </>,
);
export const CheckIcon = svg(<path {...stroke} d="M5 12.5l4.5 4.5L19 7.5" />);
export const ExternalIcon = svg(<path {...stroke} d="M14 5h5v5M19 5l-8 8M18 14v5H5V6h5" />);
export const Spinner = ({ label }: { label?: string }) => (
  <span
    className="spinner"
    role={label ? 'status' : undefined}
    aria-label={label}
    aria-hidden={label ? undefined : true}
  />
);
