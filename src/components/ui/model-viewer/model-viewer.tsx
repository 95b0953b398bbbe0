/**
 * The 3D result: the .glb drawn with three.js, turned by dragging (orbit) and zoomed with the
 * wheel or a pinch. Pages load it on demand (React.lazy), so only a page that shows a model pays for three.
 */
import { useEffect, useRef, useState } from 'react';
import {
  AmbientLight,
  Box3,
  Color,
  DirectionalLight,
  HemisphereLight,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import * as styles from './model-viewer.css';

export const MODEL_LOAD_FAILED = 'Failed to load the 3D model';

export default function ModelViewer({ url, label }: { url: string; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let renderer: WebGLRenderer;
    try {
      // preserveDrawingBuffer: a screenshot or a pixel read sees the last frame, not a cleared buffer.
      renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
    } catch {
      // No WebGL here: say so (after this effect, not during it).
      queueMicrotask(() => setState('failed'));
      return;
    }
    renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    const scene = new Scene();
    scene.background = new Color(0x1d1f27);
    scene.add(new AmbientLight(0xffffff, 0.6));
    scene.add(new HemisphereLight(0xffffff, 0x444444, 1.2));
    const sun = new DirectionalLight(0xffffff, 1.6);
    sun.position.set(3, 5, 4);
    scene.add(sun);
    const camera = new PerspectiveCamera(45, 4 / 3, 0.01, 1000);
    const controls = new OrbitControls(camera, canvas);
    const render = () => renderer.render(scene, camera);
    const resize = () => {
      const { clientWidth, clientHeight } = canvas;
      if (clientWidth === 0 || clientHeight === 0) return;
      renderer.setSize(clientWidth, clientHeight, false);
      camera.aspect = clientWidth / clientHeight;
      camera.updateProjectionMatrix();
      render();
    };
    controls.addEventListener('change', render);
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    let disposed = false;
    new GLTFLoader().load(
      url,
      (gltf) => {
        if (disposed) return;
        scene.add(gltf.scene);
        // Frame the model: the camera looks at its centre from far enough to see all of it.
        const box = new Box3().setFromObject(gltf.scene);
        const size = box.getSize(new Vector3()).length() || 1;
        const centre = box.getCenter(new Vector3());
        camera.position.copy(centre).add(new Vector3(size * 0.6, size * 0.4, size * 0.9));
        camera.near = size / 100;
        camera.far = size * 100;
        controls.target.copy(centre);
        controls.minDistance = size * 0.2;
        controls.maxDistance = size * 5;
        controls.update();
        resize();
        render();
        setState('ready');
      },
      undefined,
      () => {
        if (!disposed) setState('failed');
      },
    );
    return () => {
      disposed = true;
      observer.disconnect();
      controls.dispose();
      renderer.dispose();
    };
  }, [url]);

  return (
    <div className={styles.viewer} data-state={state}>
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        role="img"
        aria-label={`${label}: drag to turn, scroll or pinch to zoom`}
        data-testid="model-viewer"
      />
      {state === 'failed' ? (
        <p role="alert" className={styles.problem}>
          {MODEL_LOAD_FAILED}
        </p>
      ) : null}
    </div>
  );
}
