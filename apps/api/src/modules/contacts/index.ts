// What other modules may use of contacts: the resource shape warehouses and suppliers share.
export { contactResource } from './contact-resource';
