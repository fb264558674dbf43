import simpleRestProvider from 'ra-data-simple-rest';
import { API, httpClient } from './api';

export const dataProvider = simpleRestProvider(`${API}/admin`, httpClient);
