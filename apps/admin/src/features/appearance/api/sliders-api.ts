import {
  type Slider,
  type SliderCreate,
  sliderFormSchema,
  type SliderUpdate,
} from '@backoffice/shared/slider.schema';
import { createResourceApi } from '../../../lib/resource-api';

export { sliderFormSchema, type Slider };

/** GET, POST /sliders; GET, PATCH, DELETE /sliders/{id}. */
export const slidersApi = createResourceApi<Slider, SliderCreate, SliderUpdate>('/sliders', {
  bulkDelete: true,
});
