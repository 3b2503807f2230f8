import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useStableCallback } from '../../../lib/use-stable-callback';

// Only the pieces the dashboard draws: ECharts' whole build is four times this.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  AriaComponent,
  CanvasRenderer,
]);

export type EChartProps = {
  option: echarts.EChartsCoreOption;
  theme: 'light' | 'dark';
  height: number;
  /** What the chart shows, for a screen reader (the chart itself is a picture). */
  label: string;
  onClick?: (name: string) => void;
};

/**
 * One ECharts chart. Its own chunk, loaded when the dashboard first draws a chart, so neither
 * /login nor the shell carries the chart library.
 */
const EChart = ({ option, theme, height, label, onClick }: EChartProps) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init>>(undefined);
  const clicked = useStableCallback((name: string) => onClick?.(name));

  useEffect(() => {
    const element = box.current!;
    const instance = echarts.init(element, theme === 'dark' ? 'dark' : undefined, {
      renderer: 'canvas',
    });
    chart.current = instance;
    instance.on('click', (event) => clicked(String(event.name)));
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, [theme, clicked]);

  useEffect(() => {
    // the app's own card colour shows through in both themes
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option, theme]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
};

export default EChart;
