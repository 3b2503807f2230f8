// What other modules may use of post types, categories and groups.
export { checkPostTakes } from './content-rules';
export {
  categoriesAndBelow,
  publicGroupShape,
  publicSlug,
  publicTermShape,
  typeBySlug,
} from './content.public';
