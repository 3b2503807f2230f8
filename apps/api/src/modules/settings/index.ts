// What other modules may use of the settings: reading them.
export { readSetting, readSettings } from './settings-reader';
