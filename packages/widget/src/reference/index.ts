/*
 * A machine-readable description of the widget for its documentation (the portal's in-app
 * documentation imports it as `@siteseer/widget/reference`): the theme's custom properties, the
 * client events and the keyword widget's parts. Plain data, no DOM code: importing it adds
 * nothing of the widget itself, and it imports nothing (not even types), so the portal type-checks it
 * without the widget's sources. reference.test.ts keeps it true to the source.
 */
export {
  type ClientEventName,
  type ClientEventReference,
  type EventField,
  KEYWORD_EVENTS,
  PARAMETRIC_EVENTS,
} from './client-events.ts';
export {
  KEYWORD_POPUP_PARTS,
  KEYWORD_WIDGET_PARTS,
  type PartState,
  partClasses,
  type WidgetPart,
} from './keyword-parts.ts';
export {
  THEME_PROPERTIES,
  type ThemeProperty,
  themePropertiesFor,
  type WidgetModeName,
} from './theme-properties.ts';
