// What other modules may use of the address book: provinces and wards, and the rules of a place.
export { addressBook } from './address-book';
export { checkPlace, placeNames } from './address-rules';
