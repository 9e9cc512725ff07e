export { Component } from '../not-available/not-available-screen.tsx';
