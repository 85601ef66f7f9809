// The location-map report's map: the points clustered when dense (supercluster),
// coloured by status, each with a popup linking to the request; an optional heat layer
// (simpleheat on a canvas over the tiles). Leaflet is only in the admin chunk.
import 'leaflet/dist/leaflet.css';
import type { MapPoint } from '@acende/shared/schemas/reports';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import simpleheat from 'simpleheat';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { useZoomControl } from '../../../components/map/zoom-control.ts';
import { STATUS_COLORS } from '../lib/status-colors.ts';

export interface ReportMapProps {
  points: MapPoint[];
  heat: boolean;
  tileUrl: string;
  attribution: string;
  fallback: { lat: number; lon: number; zoom: number };
  label: string;
  statusLabel: (status: MapPoint['status']) => string;
  problemLabel: (problem: MapPoint['problemType']) => string;
  detailLabel: (id: number) => string;
  onOpen: (id: number) => void;
}

type PointProps = { point: MapPoint };

function pointIcon(point: MapPoint) {
  return L.divIcon({
    className: '',
    html: `<span style="display:block;width:16px;height:16px;border-radius:9999px;background:${STATUS_COLORS[point.status]};border:2px solid #fff;box-shadow:0 0 0 1px #111"></span>`,
    iconSize: [16, 16],
    iconAnchor: [8, 8],
  });
}

function clusterIcon(count: number) {
  const size = count < 100 ? 34 : count < 1000 ? 42 : 50;
  return L.divIcon({
    className: '',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:9999px;background:#1f2937;color:#fff;font:600 13px sans-serif;border:3px solid #fff;box-shadow:0 0 0 1px #111">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** The heat layer over the map's visible part; cleared when heat is off. */
function drawHeatLayer(instance: L.Map, heatCanvas: HTMLCanvasElement, props: ReportMapProps) {
  const size = instance.getSize();
  heatCanvas.width = size.x;
  heatCanvas.height = size.y;
  L.DomUtil.setPosition(heatCanvas, instance.containerPointToLayerPoint([0, 0]));
  const heat = simpleheat(heatCanvas);
  if (!props.heat) {
    heat.clear();
    return;
  }
  heat.data(
    props.points.map((p) => {
      const c = instance.latLngToContainerPoint([p.lat, p.lon]);
      return [c.x, c.y, 1] as [number, number, number];
    }),
  );
  heat.max(Math.max(3, props.points.length / 200));
  heat.radius(18, 15);
  heat.draw(0.05);
}

/** A point's popup: number, status and problem, the address and a link to the request. */
function pointPopup(point: PointProps['point'], latest: { current: ReportMapProps }): HTMLElement {
  const p = latest.current;
  const popup = document.createElement('div');
  const heading = document.createElement('p');
  heading.style.fontWeight = '600';
  heading.textContent = `#${point.id} · ${p.statusLabel(point.status)} · ${p.problemLabel(point.problemType)}`;
  const address = document.createElement('p');
  address.textContent = point.address;
  const link = document.createElement('a');
  link.href = `/admin/requests/${point.id}`;
  link.textContent = p.detailLabel(point.id);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    latest.current.onOpen(point.id);
  });
  popup.append(heading, address, link);
  return popup;
}

export default function ReportMap(props: ReportMapProps) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [drawn, setDrawn] = useState<L.Map | null>(null);
  useZoomControl(drawn);

  // The map itself, once per tile source.
  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { zoomControl: false });
    L.tileLayer(props.tileUrl, { attribution: props.attribution, maxZoom: 19 }).addTo(instance);
    instance.setView([props.fallback.lat, props.fallback.lon], props.fallback.zoom);
    layer.current = L.layerGroup().addTo(instance);
    const heatCanvas = L.DomUtil.create('canvas', 'leaflet-zoom-hide') as HTMLCanvasElement;
    heatCanvas.style.position = 'absolute';
    heatCanvas.style.pointerEvents = 'none';
    heatCanvas.setAttribute('aria-hidden', 'true');
    instance.getPanes().overlayPane.appendChild(heatCanvas);
    canvas.current = heatCanvas;
    map.current = instance;
    setDrawn(instance);
    return () => {
      setDrawn(null);
      instance.remove();
      map.current = null;
      layer.current = null;
      canvas.current = null;
    };
  }, [props.tileUrl, props.attribution, props.fallback.lat, props.fallback.lon, props.fallback.zoom]);

  // Points: fit them once, then redraw clusters (or the heat layer) on every move.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const index = new Supercluster<PointProps>({ radius: 60, maxZoom: 17 });
    index.load(
      props.points.map((point) => ({
        type: 'Feature' as const,
        properties: { point },
        geometry: { type: 'Point' as const, coordinates: [point.lon, point.lat] },
      })),
    );
    if (props.points.length) {
      const bounds = L.latLngBounds(props.points.map((p) => [p.lat, p.lon] as [number, number]));
      instance.fitBounds(bounds.pad(0.1), { maxZoom: 16 });
    }

    const drawHeat = () => {
      if (canvas.current) drawHeatLayer(instance, canvas.current, latest.current);
    };

    const drawMarkers = () => {
      const group = layer.current;
      if (!group) return;
      group.clearLayers();
      if (latest.current.heat) return;
      const b = instance.getBounds();
      const clusters = index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], instance.getZoom());
      for (const feature of clusters) {
        const [lon, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties as PointProps | ClusterProperties;
        if ('cluster' in properties && properties.cluster) {
          const count = properties.point_count;
          const marker = L.marker([lat, lon], { icon: clusterIcon(count), title: String(count), alt: String(count) });
          marker.on('click keypress', () => {
            instance.setView([lat, lon], index.getClusterExpansionZoom(properties.cluster_id));
          });
          group.addLayer(marker);
          continue;
        }
        const { point } = properties as PointProps;
        const p = latest.current;
        const title = `${point.id} · ${p.statusLabel(point.status)}`;
        const marker = L.marker([lat, lon], { icon: pointIcon(point), title, alt: title });
        marker.bindPopup(pointPopup(point, latest));
        group.addLayer(marker);
      }
    };

    const redraw = () => {
      drawHeat();
      drawMarkers();
    };
    instance.on('moveend zoomend resize', redraw);
    redraw();
    return () => {
      instance.off('moveend zoomend resize', redraw);
    };
  }, [props.points]);

  // The heat toggle only changes what is drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the toggle changes
  useEffect(() => {
    map.current?.fire('moveend');
  }, [props.heat]);

  return (
    <section
      ref={element}
      aria-label={props.label}
      className="h-[420px] w-full rounded-theme border border-gray-300 md:h-[520px]"
    />
  );
}
