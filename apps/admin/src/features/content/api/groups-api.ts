export { groupsApi } from '../../../lib/api/groups';
