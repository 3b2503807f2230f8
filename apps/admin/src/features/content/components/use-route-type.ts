import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { allPostTypesQueryOptions } from '../api/post-types-api';

/** The post type named by the route's `:typeID`, from the list of all types. */
export const useRouteType = () => {
  const { typeID } = useParams();
  const typeId = Number(typeID);
  const query = useQuery(allPostTypesQueryOptions());
  return {
    type: query.data?.find((item) => item.id === typeId),
    isLoading: query.isLoading,
    /** The list's query: its error, and asking again. */
    query,
  };
};
