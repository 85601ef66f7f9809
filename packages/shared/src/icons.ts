// The company iconClass → displayed icon name mapping of spec section 3.
const ICON_NAMES: Record<string, string> = {
  bolt: 'flash_on',
  sun: 'wb_sunny',
  zap: 'bolt',
  bulb: 'lightbulb',
  plug: 'power',
  power: 'power_settings_new',
  flash: 'flash_on',
  lightning: 'bolt',
};

/** Any value outside the mapping is used as the icon name as it is. */
export function iconNameFor(iconClass: string): string {
  return ICON_NAMES[iconClass] ?? iconClass;
}

export const KNOWN_ICON_CLASSES = Object.keys(ICON_NAMES);
