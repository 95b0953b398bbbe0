import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../features/catalogue/CategoryPage';

export const Route = createFileRoute('/3d')({ component: () => <CategoryPage category="3D" /> });
