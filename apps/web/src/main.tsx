import { startApp } from './app/start';
import './index.css';
import './pwa/register-sw';

void startApp();
